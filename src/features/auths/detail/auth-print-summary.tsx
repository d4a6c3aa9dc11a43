import type { ReactNode } from 'react'
import { formatServiceDate } from '@/api/dates'
import { formatDisplayDateTime, formatMoney } from '@/lib/format/format'
import type { Auth } from '@/api/schemas/auth'
import type { AuthVba } from '@/api/schemas/auth-vba'
import { useCurrentUser } from '@/lib/app-context'
import { countOf, periodOf } from '../glance'
import { clockText, formatDue, leftText } from '../clock/clock-text'
import { dueUnder, ruleFor, type DecisionClock, type DecisionRules } from '../model/decision-clock'
import { parseServiceDate } from '@/api/dates'
import { useDecisionRules } from '../clock/use-decision-clock'
import { decisionReasons } from '../status/decision'
import { useDirectory } from '@/lib/directory'
import styles from './detail.module.css'

const name = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ')
const join = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ')
const money = (n: number | null | undefined) => (typeof n === 'number' ? formatMoney(n) : null)

/**
 * What the auth's page prints (print CSS shows this alone): a determination summary, the decision
 * with its dates, amounts, reasons, who made it and when. Hidden on screen.
 */
export function AuthPrintSummary(props: {
  authNumber: string
  auth: Auth
  vba: AuthVba | undefined
  clock: DecisionClock | null
}) {
  const { authNumber, auth, vba, clock } = props
  const user = useCurrentUser()
  const rules = useDecisionRules()
  const { personLabel } = useDirectory()
  const units = (n: number | null | undefined, visits: number | null | undefined) =>
    join(countOf(n, auth.unit_Type), typeof visits === 'number' && countOf(visits, 'visit'))
  const rows: [string, ReactNode][] = [
    [
      'Member',
      join(
        name(vba?.member_First_Name, vba?.member_Last_Name),
        auth.subscriber_ID && `Subscriber ${auth.subscriber_ID}`,
        auth.member_Seq && `member ${auth.member_Seq}`,
      ),
    ],
    [
      'Provider',
      join(
        vba?.provider_Org_Name || name(vba?.provider_First_Name, vba?.provider_Last_Name),
        auth.provider_ID,
      ),
    ],
    ['Service', join(auth.service_Type, auth.service_Code, auth.auth_Type)],
    ['Decision', join(auth.status ?? 'No status', auth.auth_Code && `code ${auth.auth_Code}`)],
    ['Received', formatDisplayDateTime(auth.received_Date)],
    ['Decision due', printedClock(auth, clock, rules)],
    [
      'Requested',
      join(
        periodOf(auth.requested_From, auth.requested_Thru),
        units(auth.units_Requested, auth.visits_Requested),
        money(auth.amount_Requested),
      ),
    ],
    [
      'Approved',
      join(
        periodOf(auth.approved_From, auth.approved_Thru),
        units(auth.units_Approved, auth.visits_Approved),
        money(auth.amount_Approved),
      ),
    ],
    [
      'Denied',
      join(
        periodOf(auth.denied_From, auth.denied_Thru),
        countOf(auth.units_Denied, auth.unit_Type),
        money(auth.amount_Denied),
      ),
    ],
    [
      'Decided',
      auth.approved_By || auth.approved_Date
        ? join(
            auth.approved_By && `Approved by ${personLabel(auth.approved_By)}`,
            auth.approved_Date && `on ${formatDisplayDateTime(auth.approved_Date)}`,
          )
        : null,
    ],
    [
      'Reasons',
      decisionReasons(auth.narrative).map((r, i) => (
        <span key={i}>
          {r.kind}: {r.text} ({r.when})
          <br />
        </span>
      )),
    ],
  ]
  return (
    <section className={styles.printSummary} aria-labelledby="print-heading">
      <h2 id="print-heading">Determination summary</h2>
      <p>
        Auth {authNumber} · printed {formatDisplayDateTime(formatServiceDate(new Date()))} by{' '}
        {user.userId}
      </p>
      <dl>
        {rows
          .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : Boolean(value)))
          .map(([label, value]) => (
            <div key={label} className={styles.printRow}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  )
}

/**
 * The clock as a determination states it: running, when it is due and how long is left; decided,
 * when it was due under its rule and when it was decided (on time or late); else why none runs.
 */
function printedClock(auth: Auth, clock: DecisionClock | null, rules: DecisionRules) {
  if (!clock) return null
  if (clock.kind === 'running') return `${formatDue(clock.due)} (${leftText(clock)})`
  if (clock.kind !== 'decided') return clockText(clock)
  const received = parseServiceDate(auth.received_Date)
  const rule = ruleFor(auth, rules)
  if (!received || !rule) return 'Decided (no decision clock applied)'
  const due = dueUnder(rule, received)
  const decided = parseServiceDate(auth.approved_Date)
  if (!decided) return `${formatDue(due)} (${rule.name}); decided`
  const late = decided.getTime() > due.getTime()
  return `${formatDue(due)} (${rule.name}); decided ${formatDue(decided)}, ${late ? 'late' : 'on time'}`
}
