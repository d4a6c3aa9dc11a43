import styles from './detail.module.css'

/** Placeholder shapes while the auth loads. */
export function AuthDetailSkeleton({ authNumber }: { authNumber: string }) {
  return (
    <div className={styles.page} aria-busy="true">
      <h1 className={styles.skeletonTitle}>Auth {authNumber}</h1>
      <p className="visually-hidden" role="status">
        Loading auth {authNumber}
      </p>
      <div className={styles.glance}>
        {[1, 2, 3, 4].map((i) => (
          <div key={i} className={styles.fact}>
            <span className={styles.skeletonText} />
            <span className={styles.skeletonBlock} />
          </div>
        ))}
      </div>
      <div className={styles.skeletonPanel} />
    </div>
  )
}
