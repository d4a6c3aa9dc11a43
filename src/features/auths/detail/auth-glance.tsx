import type { ReactNode } from 'react'
import { formatDisplayDate, formatMoney, formatNumber } from '@/lib/format/format'
import type { Auth } from '@/api/schemas/auth'
import { useStoredTone } from '../auth-codes'
import { countOf, periodEnded, periodNote, periodOf, waitingFor } from '../glance'
import { toneOf } from '../model/tone'
import { GlanceFact } from './glance-fact'
import { useDirectory } from '@/lib/directory'
import styles from './detail.module.css'

interface Fact {
  label: string
  value: ReactNode
  detail?: ReactNode
}

const joined = (...parts: (string | null | undefined | false)[]) =>
  parts.filter(Boolean).join(' · ') || undefined

/** The answers a caller asks for, chosen by where the auth stands. */
function factsFor(auth: Auth, personName: (id: string) => string): Fact[] {
  const unit = auth.unit_Type
  const visits = (n: number | null | undefined, units: number | null | undefined) =>
    typeof n === 'number' ? countOf(n, 'visit') : countOf(units, unit)
  const requested = visits(auth.visits_Requested, auth.units_Requested)
  const requestedPeriod = periodOf(auth.requested_From, auth.requested_Thru)
  const none = <span className={styles.muted}>Not recorded</span>
  switch (toneOf(auth)) {
    case 'approved':
    case 'closed': {
      const approved = visits(auth.visits_Approved, auth.units_Approved)
      const used = auth.visits_To_Date ?? auth.visits_Actual ?? auth.units_Actual
      const closed = toneOf(auth) === 'closed'
      return [
        {
          label: 'Approved',
          value: approved ?? none,
          detail: joined(
            requested && approved !== requested && `of ${requested} requested`,
            auth.units_Denied ? `${countOf(auth.units_Denied, unit)} denied` : null,
            auth.approved_Frequency,
          ),
        },
        {
          label: closed || periodEnded(auth.approved_Thru) ? 'Was valid' : 'Valid',
          value: periodOf(auth.approved_From, auth.approved_Thru) ?? none,
          detail: closed ? 'Closed' : periodNote(auth.approved_From, auth.approved_Thru),
        },
        {
          label: 'Used so far',
          value:
            typeof used === 'number' && approved
              ? `${formatNumber(used)} of ${approved}`
              : (countOf(used, unit) ?? none),
          detail: auth.actual_Thru ? `Last service ${formatDisplayDate(auth.actual_Thru)}` : null,
        },
        {
          label: 'Approved amount',
          value:
            typeof auth.amount_Approved === 'number' ? formatMoney(auth.amount_Approved) : none,
          detail:
            typeof auth.amount_Requested === 'number'
              ? `${formatMoney(auth.amount_Requested)} requested`
              : null,
        },
      ]
    }
    case 'denied':
      return [
        {
          label: 'Denied',
          // Only what is recorded: no denied units is not the whole request denied.
          value: countOf(auth.units_Denied, unit) ?? none,
          detail: joined(requested && `${requested} requested`),
        },
        { label: 'Denied period', value: periodOf(auth.denied_From, auth.denied_Thru) ?? none },
        { label: 'Requested period', value: requestedPeriod ?? none },
        {
          label: 'Denied amount',
          value: typeof auth.amount_Denied === 'number' ? formatMoney(auth.amount_Denied) : none,
        },
      ]
    default:
      return [
        {
          label: 'Requested',
          value: requested ?? none,
          detail: joined(auth.requested_Frequency, auth.requested_Location),
        },
        { label: 'Requested period', value: requestedPeriod ?? none },
        {
          label: 'Received',
          value: auth.received_Date ? formatDisplayDate(auth.received_Date) : none,
          detail: joined(auth.urgent && 'Urgent review', waitingFor(auth.received_Date)),
        },
        {
          label: 'Assigned to',
          value: auth.assigned_User ? (
            personName(auth.assigned_User)
          ) : (
            <span className={styles.muted}>Nobody yet</span>
          ),
        },
      ]
  }
}

/** Is it approved, for how many, until when: the facts a caller asks for, large. */
export function AuthGlance({ auth }: { auth: Auth }) {
  const tone = useStoredTone(auth)
  const { personName } = useDirectory()
  return (
    <dl className={`${styles.glance} ${styles[`glance_${tone}`] ?? ''}`}>
      {factsFor(auth, personName).map((fact) => (
        <GlanceFact key={fact.label} {...fact} />
      ))}
    </dl>
  )
}
