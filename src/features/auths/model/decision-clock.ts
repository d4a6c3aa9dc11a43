import { parseServiceDate } from '../../../api/dates'
import type { Auth } from '../../../api/schemas/auth'
import { isDecided } from './tone'

/*
 * The decision clock: by when an auth that is not decided must be decided, from when the request
 * was received (`received_Date`) and the rule that applies to it. Plain functions, used by every
 * view that shows an auth (its page, Auths in my work, recent auths, links from events, search),
 * so each says the same. The rules come from `config.json`'s `decisionClock`. How a clock reads
 * in words is the clock's views' (`clock/clock-text.ts`): the model says nothing in a locale.
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

/** Orders auths by their clocks: the earliest due first, then those without a running clock. */
export function byDecisionDue(a: DecisionClock, b: DecisionClock): number {
  const at = a.kind === 'running' ? a.due.getTime() : Infinity
  const bt = b.kind === 'running' ? b.due.getTime() : Infinity
  return at === bt ? 0 : at < bt ? -1 : 1
}
