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
 * opened it when it closes.
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
    return () => {
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
