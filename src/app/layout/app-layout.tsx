import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router'
import { OfflineBanner } from '@/components/ui/offline-banner'
import { closeErrorsElsewhere } from '@/components/ui/toast'
import { useCurrentUser, userCan, type CurrentUser } from '@/lib/app-context'
import { RemindersBell } from '@/features/events/reminders/reminders-bell'
import { useDesktopNotificationsOn } from '@/features/events/reminders/desktop-notifications'
import { useAuthAlerts } from '@/features/auths/alerts/use-auth-alerts'
import { DatabaseSwitcher } from '@/features/session/database-switcher'
import { UserMenu } from '@/features/session/user-menu'
import { paths } from '@/lib/paths'
import { useFragmentHref } from '@/lib/use-fragment-href'
import { quietWatch } from '@/lib/yield-to-page'
import { navigationFor, warmNavigation } from '../pages'
import { SearchEverywhere } from './search-everywhere'
import { ServerStatusBanner } from './server-status-banner'
import { ThemeToggle } from './theme-toggle'
import styles from './app-layout.module.css'

/**
 * How long the person must have left the page alone (and it then be idle) before the next of its
 * other pages' code loads: evaluating a page's code mid-keystroke would slow the answer they wait
 * for.
 */
const WARM_QUIET_MS = 2_000

/**
 * The code of the pages in the user's navigation, loaded while the console is idle once it is
 * drawn, so opening one waits for its data only.
 */
function useWarmNavigation(user: CurrentUser) {
  useEffect(() => {
    let stopped = false
    const watch = quietWatch(WARM_QUIET_MS)
    void warmNavigation(
      (permission) => userCan(user, permission),
      watch.quiet,
      () => stopped,
    ).finally(watch.stop)
    return () => {
      stopped = true
      watch.stop()
    }
  }, [user])
}

/**
 * After a move to another page, focus that was on something the old page drew (a link followed,
 * a button that navigated) goes to the new page's main area, so Tab goes on from the top of the
 * page rather than from the top of the document. A page that focused something itself keeps it.
 */
function useFocusAfterNavigation(pathname: string) {
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const frame = requestAnimationFrame(() => {
      const at = document.activeElement
      // Still on something shown (a page focused its search box, a link of the side navigation):
      // kept. A link of the folding menu, which closes with the move, is not shown any more.
      if (at && at !== document.body && at.isConnected && at.getClientRects().length > 0) return
      document.getElementById('main')?.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [pathname])
}

interface AppLayoutProps {
  onSignOut: () => void
  onLock: () => void
}

/** Header (product, database, account), navigation and the main area. */
export function AppLayout({ onSignOut, onLock }: AppLayoutProps) {
  const fragment = useFragmentHref()
  const loading = useNavigation().state === 'loading'
  // The bell tells of auths near their decision deadline too (with the console server).
  const authAlerts = useAuthAlerts(useDesktopNotificationsOn())
  const { pathname } = useLocation()
  // An error toast belongs to the page it happened on: leaving the page takes it away. Toasts
  // note the page as the browser's address has it (with the base path), so compare that.
  useEffect(() => closeErrorsElsewhere(window.location.pathname), [pathname])
  useFocusAfterNavigation(pathname)
  const user = useCurrentUser()
  useWarmNavigation(user)
  // Below 1100 px the navigation is a menu behind a button, so the page has the width. It is
  // open for the page it was opened on: choosing another page closes it.
  const [menuFor, setMenuFor] = useState<string | null>(null)
  const menuOpen = menuFor === pathname
  const menuButton = useRef<HTMLButtonElement>(null)
  const nav = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!menuOpen) return
    nav.current?.querySelector<HTMLElement>('a')?.focus()
    const away = (e: PointerEvent) => {
      const target = e.target as Node
      if (!nav.current?.contains(target) && !menuButton.current?.contains(target)) setMenuFor(null)
    }
    const escape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      e.preventDefault()
      setMenuFor(null)
      menuButton.current?.focus()
    }
    document.addEventListener('pointerdown', away)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', away)
      document.removeEventListener('keydown', escape)
    }
  }, [menuOpen])
  const groups = navigationFor((permission) => userCan(user, permission))
  return (
    <div className={styles.shell}>
      {loading && <div className={styles.progress} role="progressbar" aria-label="Loading page" />}
      <a href={fragment('main')} className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header}>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuFor(menuOpen ? null : pathname)}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <Link to={paths.home()} className={styles.product}>
          Benefits Admin Console
        </Link>
        <DatabaseSwitcher />
        <span className={styles.spacer} />
        <SearchEverywhere onLock={onLock} />
        <RemindersBell extra={authAlerts} />
        <ThemeToggle className={styles.themeToggle} />
        <UserMenu onSignOut={onSignOut} onLock={onLock} />
      </header>
      <nav
        ref={nav}
        id="main-navigation"
        className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}
        aria-label="Main"
      >
        {groups.map((group) => (
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
      <main className={styles.main} id="main" tabIndex={-1}>
        <OfflineBanner />
        <ServerStatusBanner />
        <Outlet />
      </main>
    </div>
  )
}
