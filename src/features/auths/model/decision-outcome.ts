import type { Auth } from '../../../api/schemas/auth'
import { toneOf } from './tone'

/*
 * What a decision was: approved, approved in part (something requested was denied), denied, or
 * closed without a decision. Read from the auth as the service holds it, by the console's views,
 * the console server's register (which records each decision it sees) and the CMS report.
 */

export type Outcome = 'approved' | 'partial' | 'denied' | 'closed'

const positive = (n: unknown) => typeof n === 'number' && n > 0

/** The auth's decision, or null while it waits for one (pended, or a status the console cannot place). */
export function outcomeOf(
  auth: Pick<Auth, 'auth_Code' | 'status' | 'closed' | 'units_Denied' | 'amount_Denied'>,
): Outcome | null {
  const tone = toneOf(auth)
  if (tone === 'approved')
    return positive(auth.units_Denied) || positive(auth.amount_Denied) ? 'partial' : 'approved'
  if (tone === 'denied') return 'denied'
  if (tone === 'closed' || auth.closed === true) return 'closed'
  return null
}

/** Whether an outcome approves the request, in whole or in part. */
export const approves = (outcome: Outcome | null) => outcome === 'approved' || outcome === 'partial'

/**
 * The line a reviewer adds to the narrative when the decision's time frame is extended (CMS
 * allows an extension of up to 14 days): `[2026-11-24 14:00 support] Review extended: …`.
 */
export const REVIEW_EXTENDED = 'Review extended'
const EXTENDED_LINE = new RegExp(String.raw`^\[[^\]]+\] ${REVIEW_EXTENDED}: \S`)

/** Whether the auth's narrative records an extension of its review. */
export function reviewExtended(narrative: string | null | undefined): boolean {
  return (narrative ?? '').split('\n').some((line) => EXTENDED_LINE.test(line.trim()))
}
