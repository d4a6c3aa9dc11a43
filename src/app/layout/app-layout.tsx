import { NavLink, Outlet } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { paths } from '../paths'
import { ThemeToggle } from './theme-toggle'
import styles from './app-layout.module.css'

interface AppLayoutProps {
  database: string
  onSignOut: () => void
}

/** Header (product, database badge, user), navigation and the main area. */
export function AppLayout({ database, onSignOut }: AppLayoutProps) {
  const config = useRuntimeConfig()
  const user = useCurrentUser()
  const db = config.databases.find((d) => d.name === database)
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <NavLink to={paths.home()} className={styles.product}>
          Benefits Admin Console
        </NavLink>
        <span
          className={styles.badge}
          style={{ background: db?.color ?? '#475467' }}
          aria-label={`Database: ${db?.label ?? database}`}
        >
          {db?.label ?? database}
        </span>
        <span className={styles.spacer} />
        <ThemeToggle className={styles.themeToggle} />
        <div className={styles.user}>
          <span>
            Signed in as <strong>{user.name}</strong>
          </span>
          <Button size="small" onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      </header>
      <nav className={styles.nav} aria-label="Main">
        <div className={styles.navGroup}>
          <div className={styles.navHeading}>Events</div>
          <ul className={styles.navList}>
            <li>
              <NavLink to={paths.events.list()} end className={styles.navLink}>
                List
              </NavLink>
            </li>
          </ul>
        </div>
      </nav>
      <main className={styles.main} id="main">
        <Outlet />
      </main>
    </div>
  )
}
