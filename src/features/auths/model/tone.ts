import type { Auth } from '../../../api/schemas/auth'

/** Where an auth stands: approved, pended, denied, closed, or a status the console cannot place. */
export type AuthTone = 'approved' | 'pended' | 'denied' | 'closed' | 'other'

const CODE_TONES: Record<string, AuthTone> = {
  A: 'approved',
  P: 'pended',
  D: 'denied',
  C: 'closed',
}

/** The colour of a status text ("Approved in part" is approved, "Denied on appeal" denied). */
export function toneOfStatus(status: string | null | undefined): AuthTone {
  const text = (status ?? '').trim().toLowerCase()
  if (text.startsWith('approv')) return 'approved'
  if (text.startsWith('pend')) return 'pended'
  if (text.startsWith('den')) return 'denied'
  if (text.startsWith('clos')) return 'closed'
  return 'other'
}

/** The colour of an auth's status: by its code, else by the status text. */
export function toneOf(auth: Pick<Auth, 'auth_Code' | 'status'>): AuthTone {
  return CODE_TONES[(auth.auth_Code ?? '').trim().toUpperCase()] ?? toneOfStatus(auth.status)
}

/**
 * Whether the auth has its decision: approved, denied or closed (by its code or status), or
 * marked closed. A pended auth, or one whose status the console cannot place, still waits.
 */
export function isDecided(auth: Pick<Auth, 'auth_Code' | 'status' | 'closed'>): boolean {
  const tone = toneOf(auth)
  return auth.closed === true || tone === 'approved' || tone === 'denied' || tone === 'closed'
}

/** Whether a tone is a decision a reviewer makes (approve or deny), rather than closing. */
export const isDecisionTone = (tone: AuthTone) => tone === 'approved' || tone === 'denied'
