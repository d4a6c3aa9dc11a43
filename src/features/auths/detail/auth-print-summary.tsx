import type { ReactNode } from 'react'
import { formatServiceDate } from '@/api/dates'
import { formatDisplayDateTime, formatMoney } from '@/lib/format/format'
import type { Auth } from '@/api/schemas/auth'
import type { AuthVba } from '@/api/schemas/auth-vba'
import { useCurrentUser } from '@/lib/app-context'
import { countOf, periodOf } from '../glance'
import { clockText, formatDue, leftText, type DecisionClock } from '../model/decision-clock'
import { decisionReasons } from '../status/decision'
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
    [
      'Decision due',
      clock?.kind === 'running'
        ? `${formatDue(clock.due)} (${leftText(clock)})`
        : clock && clock.kind !== 'decided'
          ? clockText(clock)
          : null,
    ],
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
            auth.approved_By && `Approved by ${auth.approved_By}`,
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
