import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useAuthAlerts } from './use-auth-alerts'
import styles from './alerts.module.css'

// The list loads when first opened, not with every page.
const AuthAlertsSection = lazy(() =>
  import('./auth-alerts-section').then((m) => ({ default: m.AuthAlertsSection })),
)

/**
 * The header's Auth deadlines button, beside the reminders bell: shown while the user holds auths
 * due within the warning or overdue (or has overdue ones escalated to them), its badge counting
 * them; it opens the list, each auth once. `notify`: the user turned desktop notifications on.
 */
export function AuthAlertsButton({ notify }: { notify: boolean }) {
  const alerts = useAuthAlerts(notify)
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    const close = (e: KeyboardEvent | MouseEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)
      ) {
        setOpen(false)
        if (e instanceof KeyboardEvent) button.current?.focus()
      }
    }
    document.addEventListener('keydown', close)
    document.addEventListener('mousedown', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('mousedown', close)
    }
  }, [open])
  if (alerts.length === 0) return null
  const overdue = alerts.filter((a) => a.state !== 'soon').length
  const n = alerts.length
  const label = `${n} auth ${n === 1 ? 'deadline' : 'deadlines'}${overdue > 0 ? `, ${overdue} overdue` : ' due soon'}`
  return (
    <div ref={box} className={styles.wrap}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={`Auth deadlines: ${label}`}
        aria-expanded={open}
        aria-controls="auth-alerts-panel"
        data-overdue={overdue > 0 || undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="13" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M12 9v4.5l3 2M5 4 2.5 6.5M19 4l2.5 2.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        <span className={styles.count} aria-hidden="true">
          {n > 99 ? '99+' : n}
        </span>
      </button>
      {open && (
        <div id="auth-alerts-panel" className={styles.panel}>
          <Suspense fallback={null}>
            <AuthAlertsSection alerts={alerts} onOpen={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  )
}
