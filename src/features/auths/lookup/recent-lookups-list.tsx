import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/lib/paths'
import { AuthNumberClock } from '../clock/auth-number-clock'
import { useRecentLookups } from '../recent-lookups'
import styles from './lookup.module.css'

interface RecentLookupsListProps {
  /** Called when one is followed (the shortcut dialog closes). */
  onOpen?: () => void
  /** Whether to offer clearing the list. */
  clearable?: boolean
}

/** The auth numbers this user looked up lately, one click away, each with its decision clock. */
export function RecentLookupsList({ onOpen, clearable = false }: RecentLookupsListProps) {
  const { numbers, clearNumbers } = useRecentLookups()
  if (numbers.length === 0)
    return <p className={styles.muted}>Auths you look up appear here for a quick return.</p>
  return (
    <div className={styles.recent}>
      <ul className={styles.recentList} aria-label="Recent lookups">
        {numbers.map((n) => (
          <li key={n}>
            <Link className={styles.recentLink} to={paths.auths.detail(n)} onClick={onOpen}>
              {n}
            </Link>{' '}
            <AuthNumberClock authNumber={n} />
          </li>
        ))}
      </ul>
      {clearable && (
        <Button size="small" variant="ghost" onClick={clearNumbers}>
          Clear recent lookups
        </Button>
      )}
    </div>
  )
}
