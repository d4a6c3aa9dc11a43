import { useId } from 'react'
import styles from './admin-only-notice.module.css'

interface AdminOnlyNoticeProps {
  /** What the user tried, completing "Only administrators can ...": `end other users' sessions`. */
  task: string
  /** What the service said (its problem detail). */
  serviceMessage: string
  activityId?: string | undefined
}

/** Explains a 403 from the service: the page works, but this account may not do this. */
export function AdminOnlyNotice({ task, serviceMessage, activityId }: AdminOnlyNoticeProps) {
  const titleId = useId()
  return (
    <section className={styles.notice} aria-labelledby={titleId}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      </svg>
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          You need an administrator for this
        </h2>
        <p className={styles.text}>
          Only administrators can {task}. The service did not allow your account to do it. Ask an
          administrator to do it for you, or to give your account the administrator role.
        </p>
        <p className={styles.service}>
          The service answered: <q>{serviceMessage}</q>
          {activityId && (
            <>
              {' '}
              <span className={styles.activity}>
                Activity ID <code>{activityId}</code>
              </span>
            </>
          )}
        </p>
      </div>
    </section>
  )
}
