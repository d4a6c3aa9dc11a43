import { useEffect, useId, useRef, type ReactNode } from 'react'
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
 * moves into it (to the element with `autoFocus`, else the first control) and returns to where it
 * was when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  wide = false,
  dismissable = true,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    return () => {
      // The dialog leaves the page with its content: give focus back to what opened it.
      if (previous?.isConnected) previous.focus()
    }
  }, [open])
  if (!open) return null
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
