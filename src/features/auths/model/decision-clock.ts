import { parseServiceDate } from '@/api/dates'
import { byLocale, clockOptions } from '@/lib/format/format'
import type { Auth } from '@/api/schemas/auth'
import { isDecided } from './tone'

/*
 * The decision clock: by when an auth that is not decided must be decided, from when the request
 * was received (`received_Date`) and the rule that applies to it. Plain functions, used by every
 * view that shows an auth (its page, Auths in my work, recent auths, links from events, search),
 * so each says the same. The rules come from `config.json`'s `decisionClock`.
 */

/** A condition value: the field must equal it (text in any case), or one of a list. */
type Condition = string | boolean | number | readonly (string | boolean | number)[]

/**
 * One rule: when every condition of `when` holds (auth field → value or values; `{}` always
 * holds), a decision is due `hours` elapsed hours after receipt, or `days` calendar days later
 * at the same time of day.
 */
export interface DecisionRule {
  name: string
  when: Readonly<Record<string, Condition>>
  hours?: number | undefined
  days?: number | undefined
}

export interface DecisionRules {
  /** The first rule that applies decides; an auth no rule fits has no clock. */
  rules: readonly DecisionRule[]
  /** Hours before the due time at which the clock turns amber. */
  warnHours: number
}

/** Expedited (urgent) requests 72 hours, standard ones 7 calendar days (CMS-0057-F). */
export const DEFAULT_DECISION_RULES: DecisionRules = {
  warnHours: 24,
  rules: [
    { name: 'Urgent', when: { urgent: true }, hours: 72 },
    { name: 'Standard', when: {}, days: 7 },
  ],
}

export type ClockState = 'on-time' | 'soon' | 'overdue'

export type DecisionClock =
  | { kind: 'decided' }
  | { kind: 'no-received-date' }
  | { kind: 'no-rule' }
  | {
      kind: 'running'
      rule: DecisionRule
      received: Date
      due: Date
      /** Milliseconds left until the due time; negative once it has passed. */
      left: number
      state: ClockState
    }

const HOUR = 3_600_000
const MINUTE = 60_000

const norm = (value: unknown) =>
  typeof value === 'string' ? value.trim().toLowerCase() : (value ?? null)

function holds(value: unknown, condition: Condition): boolean {
  const wanted = Array.isArray(condition) ? condition : [condition]
  return wanted.some((w) => norm(w) === norm(value))
}

/** The rule that applies to the auth: the first whose conditions all hold, or null. */
export function ruleFor(auth: Auth, rules: DecisionRules): DecisionRule | null {
  const fields = auth as Record<string, unknown>
  return (
    rules.rules.find((rule) =>
      Object.entries(rule.when).every(([field, condition]) => holds(fields[field], condition)),
    ) ?? null
  )
}

/** When a decision received at `received` is due under `rule`. */
export function dueUnder(rule: DecisionRule, received: Date): Date {
  const due = new Date(received.getTime() + (rule.hours ?? 0) * HOUR)
  // Calendar days keep the time of day, across a clock change too.
  if (rule.days) due.setDate(due.getDate() + rule.days)
  return due
}

/** The auth's decision clock at `now`. */
export function decisionClock(auth: Auth, rules: DecisionRules, now: Date): DecisionClock {
  if (isDecided(auth)) return { kind: 'decided' }
  const received = parseServiceDate(auth.received_Date)
  if (!received) return { kind: 'no-received-date' }
  const rule = ruleFor(auth, rules)
  if (!rule) return { kind: 'no-rule' }
  const due = dueUnder(rule, received)
  const left = due.getTime() - now.getTime()
  const state = left < 0 ? 'overdue' : left <= rules.warnHours * HOUR ? 'soon' : 'on-time'
  return { kind: 'running', rule, received, due, left, state }
}

/** Whether a decision made at `now` is late (its clock has run out). */
export const isLate = (clock: DecisionClock) => clock.kind === 'running' && clock.left < 0

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** A length of time as staff say it, to the nearest minute: "1 day 4 h", "5 h 30 min", "45 min". */
export function describeDuration(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / MINUTE)
  if (minutes === 0) return 'less than a minute'
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${hours} h` : plural(days, 'day')
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`
  return `${mins} min`
}

/** "Thu 26 Nov, 14:00" (or "Thu, Nov 26, 2:00 PM") on the display locale's clock. */
const dueFormat = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...clockOptions(l),
    }),
)

/** The same with the year, for a date outside the current one ("Mon 4 Jan 2027, 14:00"). */
const dueFormatWithYear = byLocale(
  (l) =>
    new Intl.DateTimeFormat(l, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      ...clockOptions(l),
    }),
)

/** When a decision is due: the year said whenever it is not this one (`now`'s). */
export const formatDue = (due: Date, now: Date = new Date()) =>
  due.getFullYear() === now.getFullYear()
    ? dueFormat().format(due)
    : dueFormatWithYear().format(due)

/** "in 1 day 4 h" or "overdue by 2 days". */
export function leftText(clock: Extract<DecisionClock, { kind: 'running' }>): string {
  return clock.left < 0
    ? `overdue by ${describeDuration(clock.left)}`
    : `in ${describeDuration(clock.left)}`
}

/**
 * The clock in words: "Decision due Thu 26 Nov, 14:00 — in 1 day 4 h", "… — overdue by 2 days";
 * for an auth without a running clock, why.
 */
export function clockText(clock: DecisionClock): string {
  switch (clock.kind) {
    case 'decided':
      return 'Decided'
    case 'no-received-date':
      return 'No decision clock: the received date is not recorded'
    case 'no-rule':
      return 'No decision clock: no rule applies to this auth'
    case 'running':
      return `Decision due ${formatDue(clock.due)} — ${leftText(clock)}`
  }
}

/** Orders auths by their clocks: the earliest due first, then those without a running clock. */
export function byDecisionDue(a: DecisionClock, b: DecisionClock): number {
  const at = a.kind === 'running' ? a.due.getTime() : Infinity
  const bt = b.kind === 'running' ? b.due.getTime() : Infinity
  return at === bt ? 0 : at < bt ? -1 : 1
}
