import type { ReactNode } from 'react'
import styles from './detail.module.css'

interface GlanceFactProps {
  label: string
  value: ReactNode
  detail?: ReactNode
}

/** One answer at a glance: a small label, the value large, a line of context. */
export function GlanceFact({ label, value, detail }: GlanceFactProps) {
  return (
    <div className={styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{value}</dd>
      {detail && <dd className={styles.factDetail}>{detail}</dd>}
    </div>
  )
}
