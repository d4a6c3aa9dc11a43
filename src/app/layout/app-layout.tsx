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

const navigation = [
  {
    heading: 'Events',
    links: [
      { to: paths.events.mine(), label: 'My events' },
      { to: paths.events.list(), label: 'List' },
      { to: paths.events.calendar(), label: 'Calendar' },
    ],
  },
  {
    heading: 'Auths',
    links: [
      { to: paths.auths.lookup(), label: 'Look up' },
      { to: paths.auths.import(), label: 'Import' },
    ],
  },
  {
    heading: 'Admin',
    links: [
      { to: paths.admin.sessions(), label: 'Sessions' },
      { to: paths.admin.passwordPolicy(), label: 'Password policy' },
    ],
  },
  { heading: 'Reference', links: [{ to: paths.reference(), label: 'Lookup lists' }] },
]

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
        {navigation.map((group) => (
          <div key={group.heading} className={styles.navGroup}>
            <div className={styles.navHeading} id={`nav-${group.heading}`}>
              {group.heading}
            </div>
            <ul className={styles.navList} aria-labelledby={`nav-${group.heading}`}>
              {group.links.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={styles.navLink}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <main className={styles.main} id="main">
        <Outlet />
      </main>
    </div>
  )
}
