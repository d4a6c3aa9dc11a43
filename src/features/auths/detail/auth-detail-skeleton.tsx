import { Skeleton } from '@/components/ui/skeleton'
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
            <Skeleton as="span" className={styles.skeletonText} />
            <Skeleton className={styles.skeletonBlock} />
          </div>
        ))}
      </div>
      <Skeleton className={styles.skeletonPanel} />
    </div>
  )
}
