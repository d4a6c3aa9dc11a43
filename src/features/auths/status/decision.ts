import type { Auth } from '@/api/schemas/auth'
import { isSpecificReason, SPECIFIC_REASON_WORDS } from '../model/denial-reason'
import { AUTH_FIELDS } from '@/api/schemas/auth-fields'
import { checkAuthRules, MESSAGES } from '../auth-rules'
import { fromDateInputValue, toDateInputValue } from '../date-input'
import { formatCount, formatMoney } from '@/lib/format/format'
import { countOf } from '../glance'
import type { AuthTone } from '../model/tone'

/*
 * A decision made in one step (the Change status dialog): what approval needs (the approved range,
 * units or visits, the amount), what a partial approval denies, and the reasons a denial or a late
 * decision must give. The reasons are kept in the auth's `narrative`, the service's text about the
 * review, each on a line of its own: `[2026-11-24 14:00 support] Denial reason: …`.
 */

/** What the dialog's approval inputs hold (text, as typed). */
export interface ApprovalInput {
  from: string
  thru: string
  units: string
  visits: string
  amount: string
}

export interface DecisionInput {
  tone: AuthTone
  approval: ApprovalInput
  denialReason: string
  partialReason: string
  lateReason: string
}

/** The approval inputs to start from: the approved values if recorded, else the request's. */
export function approvalDefaults(auth: Auth): ApprovalInput {
  const text = (n: number | null | undefined) => (typeof n === 'number' ? String(n) : '')
  return {
    from: toDateInputValue(auth.approved_From ?? auth.requested_From),
    thru: toDateInputValue(auth.approved_Thru ?? auth.requested_Thru),
    units: text(auth.units_Approved ?? auth.units_Requested),
    visits: text(auth.visits_Approved ?? auth.visits_Requested),
    amount: text(auth.amount_Approved ?? auth.amount_Requested),
  }
}

const NUMBER = /^\d+(\.\d+)?$/

/** A typed number: null when empty, NaN when it is not a number of 0 or more. */
function numberOf(text: string): number | null {
  const t = text.trim()
  if (t === '') return null
  return NUMBER.test(t) ? Number(t) : NaN
}

/** What a partial approval denies: the difference from the request, where both are known. */
export interface PartialDenial {
  units: number | null
  visits: number | null
  amount: number | null
  /** "Partial approval: 4 of 12 visits denied." */
  statement: string
}

const less = (requested: number | null | undefined, approved: number | null) =>
  typeof requested === 'number' &&
  approved !== null &&
  !Number.isNaN(approved) &&
  approved < requested
    ? Math.round((requested - approved) * 100) / 100
    : null

/** The part of the request the approval leaves out, or null when it approves all of it. */
export function partialDenial(auth: Auth, approval: ApprovalInput): PartialDenial | null {
  const units = less(auth.units_Requested, numberOf(approval.units))
  const visits = less(auth.visits_Requested, numberOf(approval.visits))
  const amount = less(auth.amount_Requested, numberOf(approval.amount))
  if (units === null && visits === null && amount === null) return null
  const parts: string[] = []
  if (units !== null)
    parts.push(`${formatCount(units)} of ${countOf(auth.units_Requested, auth.unit_Type)} denied`)
  else if (visits !== null)
    parts.push(`${formatCount(visits)} of ${countOf(auth.visits_Requested, 'visit')} denied`)
  const counts = parts.length ? `Partial approval: ${parts.join('')}.` : 'Partial approval.'
  const money = amount !== null ? ` Amount denied: ${formatMoney(amount)}.` : ''
  return { units, visits, amount, statement: counts + money }
}

const pad = (n: number) => String(n).padStart(2, '0')
const stamp = (now: Date, user: string) =>
  `[${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())} ${user}]`

export const REASON_LABELS = {
  denial: 'Denial reason',
  partial: 'Partly denied',
  late: 'Decided late',
} as const

const REASON_LINE = new RegExp(
  String.raw`^\[([^\]]+)\] (${Object.values(REASON_LABELS).join('|')}): (.*)$`,
)

/** The decision reasons recorded in a narrative, newest last: `{ when, kind, text }`. */
export function decisionReasons(narrative: string | null | undefined) {
  return (narrative ?? '')
    .split('\n')
    .map((line) => REASON_LINE.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, when, kind, text]) => ({ when: when!, kind: kind!, text: text! }))
}

export interface DecisionPlan {
  /** Messages by input: approved_From, approved_Thru, units_Approved, visits_Approved,
   * amount_Approved, denialReason, partialReason, lateReason, narrative. Empty when it may go. */
  errors: Record<string, string>
  /** The fields to write before the status changes (null: nothing to write). */
  patch: Partial<Auth> | null
  partial: PartialDenial | null
}

/**
 * Checks a decision and says what to write: for an approval, the approved range and counts (and,
 * when partial, the units and amount denied); the reasons, as lines added to the narrative.
 */
export function planDecision(
  auth: Auth,
  input: DecisionInput,
  context: { late: boolean; user: string; now: Date },
): DecisionPlan {
  const errors: Record<string, string> = {}
  const patch: Record<string, unknown> = {}
  const approving = input.tone === 'approved'
  const denying = input.tone === 'denied'
  const partial = approving ? partialDenial(auth, input.approval) : null

  if (approving) {
    const { approval } = input
    const from = fromDateInputValue(approval.from)
    const thru = fromDateInputValue(approval.thru)
    if (approval.from.trim() === '') errors.approved_From = 'Enter the first day approved'
    else if (!from) errors.approved_From = MESSAGES.notDate
    if (approval.thru.trim() === '') errors.approved_Thru = 'Enter the last day approved'
    else if (!thru) errors.approved_Thru = MESSAGES.notDate
    const counts = {
      units_Approved: numberOf(approval.units),
      visits_Approved: numberOf(approval.visits),
      amount_Approved: numberOf(approval.amount),
    }
    for (const [field, value] of Object.entries(counts))
      if (value !== null && Number.isNaN(value))
        errors[field] = /^\s*-/.test(approval[keyOf(field)])
          ? MESSAGES.negative
          : MESSAGES.notNumber
    if (counts.units_Approved === null && counts.visits_Approved === null)
      errors.units_Approved = 'Enter the units or visits approved'
    Object.assign(patch, { approved_From: from, approved_Thru: thru }, counts)
    if (partial?.units != null) patch.units_Denied = partial.units
    if (partial?.amount != null) patch.amount_Denied = partial.amount
    // The rules of a whole auth (a range in order, the service's limits) on what is written here.
    const ruleErrors = checkAuthRules({ ...auth, ...patch })
    for (const field of Object.keys(patch))
      if (ruleErrors[field]) errors[field] ??= ruleErrors[field]
  }

  const lines: string[] = []
  const reason = (text: string, kind: keyof typeof REASON_LABELS, key: string, ask: string) => {
    const said = text.trim().replace(/\s+/g, ' ')
    if (said === '') errors[key] = ask
    else if (kind !== 'late' && !isSpecificReason(said))
      errors[key] =
        `State the specific reason in words (at least ${SPECIFIC_REASON_WORDS}, beside any code): a denial must say why`
    else lines.push(`${stamp(context.now, context.user)} ${REASON_LABELS[kind]}: ${said}`)
  }
  if (denying)
    reason(input.denialReason, 'denial', 'denialReason', 'Give the reason for the denial')
  if (partial)
    reason(input.partialReason, 'partial', 'partialReason', 'Give the reason for the part denied')
  if (context.late && (approving || denying))
    reason(input.lateReason, 'late', 'lateReason', 'Say why the decision is late')
  if (lines.length > 0) {
    const before = auth.narrative?.trimEnd() ?? ''
    const narrative = [before, ...lines].filter(Boolean).join('\n')
    if (narrative.length > AUTH_FIELDS.narrative.max)
      errors.narrative = `The narrative would pass the service’s ${formatCount(AUTH_FIELDS.narrative.max)} characters; shorten the reasons`
    patch.narrative = narrative
  }

  return {
    errors,
    patch: Object.keys(patch).length > 0 ? (patch as Partial<Auth>) : null,
    partial,
  }
}

const keyOf = (field: string): keyof ApprovalInput =>
  field === 'units_Approved' ? 'units' : field === 'visits_Approved' ? 'visits' : 'amount'
