import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import styles from './dialog.module.css'

interface DialogProps {
  open: boolean
  /** Escape, or a close button, asks to close. */
  onClose: () => void
  title: string
  children: ReactNode
  footer?: ReactNode
  role?: 'dialog' | 'alertdialog'
  wide?: boolean
  /** Whether Escape may close it (false for dialogs that must be answered). */
  dismissable?: boolean
}

/**
 * A modal built on the native `<dialog>`: the rest of the page is inert while it is open, focus
 * moves into it (to the element with `autoFocus`, else the first control) and returns to what
 * opened it when it closes. Tab and Shift+Tab go round its controls: the native dialog alone lets
 * focus leave it once a round, to the browser's own controls.
 */
export function Dialog({ open, ...props }: DialogProps) {
  // Mounted afresh on each opening, so it can note what had focus before.
  return open ? <OpenDialog {...props} /> : null
}

function OpenDialog({
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  wide = false,
  dismissable = true,
}: Omit<DialogProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Read during the first render, before an `autoFocus` child takes focus.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  )
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const focused = document.activeElement
    if (!dialog.open) dialog.showModal()
    // showModal moves focus to the first control; keep the one React focused for `autoFocus`.
    if (focused instanceof HTMLElement && focused !== opener && dialog.contains(focused))
      focused.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab' && wrapFocus(dialog, event.shiftKey)) event.preventDefault()
    }
    dialog.addEventListener('keydown', onKeyDown)
    return () => {
      dialog.removeEventListener('keydown', onKeyDown)
      if (opener?.isConnected) opener.focus()
    }
  }, [opener])
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`${styles.dialog} ${wide ? styles.wide : ''}`}
      onCancel={(event) => {
        event.preventDefault()
        if (dismissable) onClose()
      }}
    >
      <div className={styles.inner}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </dialog>
  )
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/**
 * Moves focus from the dialog's last control to its first on Tab (first to last on Shift+Tab);
 * true when it did. A radio group counts as the one control Tab stops at.
 */
function wrapFocus(dialog: HTMLElement, back: boolean): boolean {
  const all = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      el.getClientRects().length > 0 &&
      !(el instanceof HTMLInputElement && el.type === 'radio' && el.name && !el.checked),
  )
  const first = all[0]
  const last = all[all.length - 1]
  const at = document.activeElement
  const sameGroup = (a: Element | null, b: HTMLElement | undefined) =>
    a === b ||
    (a instanceof HTMLInputElement &&
      b instanceof HTMLInputElement &&
      a.type === 'radio' &&
      b.type === 'radio' &&
      a.name !== '' &&
      a.name === b.name)
  const target = back
    ? sameGroup(at, first) || at === dialog
      ? last
      : null
    : sameGroup(at, last)
      ? first
      : null
  if (!target) return false
  target.focus()
  return true
}
