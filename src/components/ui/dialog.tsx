import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import { tabbableIn } from '@/lib/focusable'
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
  /**
   * Where focus goes on closing when what opened it is gone (an item of a menu that closed):
   * the menu's button, say.
   */
  returnFocus?: RefObject<HTMLElement | null> | undefined
}

/**
 * A modal built on the native `<dialog>`: the rest of the page is inert while it is open, focus
 * moves into it (to the element with `autoFocus`, else the first control) and returns to what
 * opened it when it closes. Tab and Shift+Tab go round its controls (`guardFocus`).
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
  returnFocus,
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
    const stopGuards = guardFocus(dialog)
    return () => {
      stopGuards()
      if (opener?.isConnected) opener.focus()
      // The element as it is on closing (the menu's button, drawn again meanwhile), not at opening.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      else returnFocus?.current?.focus()
    }
  }, [opener, returnFocus])
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
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

/**
 * The controls Tab stops at in the dialog, in order: of a radio group, the checked radio, or its
 * first where none is.
 */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  const all = tabbableIn(dialog).filter((el) => !el.hasAttribute(GUARD))
  const radios = (name: string) =>
    all.filter((el) => el instanceof HTMLInputElement && el.type === 'radio' && el.name === name)
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true
    const group = radios(el.name) as HTMLInputElement[]
    const checked = group.find((r) => r.checked)
    return checked ? el === checked : el === group[0]
  })
}

const GUARD = 'data-focus-guard'

/**
 * Keeps Tab and Shift+Tab going round the dialog's controls: an invisible stop before the first
 * and after the last hands focus on to the other end. The browser moves focus between and within
 * the controls itself (a date's parts, a radio group), so only leaving at an end is caught. A
 * native modal dialog alone lets focus leave it once a round, to the browser's own controls.
 * Returns what takes the stops away.
 */
function guardFocus(dialog: HTMLElement): () => void {
  const guard = (end: 'start' | 'end') => {
    const span = document.createElement('span')
    span.tabIndex = 0
    span.setAttribute(GUARD, end)
    span.className = styles.guard ?? ''
    span.addEventListener('focus', (event) => {
      const stops = tabStops(dialog)
      // Come from inside: on round to the other end. From anywhere else (the dialog opening):
      // the first control.
      const from = event.relatedTarget
      const inside = from instanceof Node && dialog.contains(from)
      const to = end === 'start' && inside ? stops[stops.length - 1] : stops[0]
      // Nothing to stop at (a dialog of text alone): the dialog itself holds focus.
      ;(to ?? dialog).focus()
    })
    return span
  }
  // The dialog itself focused (it has nothing to stop at, or was clicked on): Shift+Tab would
  // leave it backwards past the first stop, and with no stops Tab leaves it past the last.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return
    const stops = tabStops(dialog)
    if (stops.length === 0) {
      event.preventDefault()
      dialog.focus()
    } else if (event.shiftKey && document.activeElement === dialog) {
      event.preventDefault()
      stops[stops.length - 1]!.focus()
    }
  }
  const start = guard('start')
  const end = guard('end')
  dialog.prepend(start)
  dialog.append(end)
  dialog.addEventListener('keydown', onKeyDown)
  return () => {
    dialog.removeEventListener('keydown', onKeyDown)
    start.remove()
    end.remove()
  }
}
