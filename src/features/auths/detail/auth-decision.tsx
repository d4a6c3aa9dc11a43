import { useDirectory } from '@/lib/directory'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { Auth } from '@/api/schemas/auth'
import { formatAuthValue } from '../format-value'
import { toneOf } from '../model/tone'
import { decisionReasons } from '../status/decision'
import styles from './detail.module.css'

/**
 * Who decided and when, the running counts (visits to date, monthly amount), and the reasons the
 * decision gave (kept in the narrative by the Change status dialog).
 */
export function AuthDecision({ auth }: { auth: Auth }) {
  const { personLabel } = useDirectory()
  const tone = toneOf(auth)
  const reasons = decisionReasons(auth.narrative)
  const approved = tone === 'approved' || Boolean(auth.approved_By || auth.approved_Date)
  const rows: [string, string][] = [
    ...(approved
      ? ([
          ['Approved by', auth.approved_By ? personLabel(auth.approved_By) : 'Not recorded'],
          [
            'Approved on',
            auth.approved_Date ? formatDisplayDateTime(auth.approved_Date) : 'Not recorded',
          ],
        ] as [string, string][])
      : []),
    ['Visits to date', formatAuthValue('visits_To_Date', auth.visits_To_Date)],
    ['Additional visits', formatAuthValue('additional_Visits', auth.additional_Visits)],
    ['Monthly amount', formatAuthValue('monthly_Amount', auth.monthly_Amount)],
  ]
  return (
    <section className={styles.section} aria-labelledby="decision-heading">
      <h2 id="decision-heading" className={styles.sectionTitle}>
        Decision
      </h2>
      <dl className={`${styles.fields} ${styles.decisionFields}`}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.field}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {reasons.length > 0 && (
        <>
          <h3 className={styles.subTitle}>Reasons given</h3>
          <ul className={styles.reasons}>
            {reasons.map((r, i) => (
              <li key={i}>
                <strong>{r.kind}:</strong> {r.text} <span className={styles.muted}>({r.when})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
