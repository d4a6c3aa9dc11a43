import {
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
  type ToggleEvent,
} from 'react'
import { Button } from '@/components/ui/button'
import styles from './popover-panel.module.css'

interface PopoverPanelProps {
  /** The trigger's text (its accessible name). */
  label: ReactNode
  /** The panel's accessible name. */
  title: string
  align?: 'start' | 'end'
  /** The button is shown (the same size: nothing moves when it is enabled) but does not open. */
  disabled?: boolean
  /** Rendered only while open, so it may be a lazily loaded component. */
  children: ReactNode
}

const FOCUSABLE = 'input:not([disabled]), select, button:not([disabled]), [href], textarea'

/** Once the panel's content has mounted (and loaded), focus moves to its first control. */
function FocusFirst({ panel }: { panel: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
  }, [panel])
  return null
}

/**
 * A button that opens a non-modal panel under it: the native popover (top layer; Escape and a
 * click outside close it; focus returns to the button). It needs no script library, which keeps
 * the list's bundle small.
 */
export function PopoverPanel({
  label,
  title,
  align = 'start',
  disabled = false,
  children,
}: PopoverPanelProps) {
  const id = useId()
  const anchorRef = useRef<HTMLSpanElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)

  const place = (event: ToggleEvent<HTMLDivElement>) => {
    const anchor = anchorRef.current
    if (event.newState !== 'open' || !anchor) return
    const rect = anchor.getBoundingClientRect()
    const panel = event.currentTarget
    panel.style.setProperty('--popover-top', `${Math.round(rect.bottom + 6)}px`)
    if (align === 'end')
      panel.style.setProperty('--popover-right', `${Math.round(window.innerWidth - rect.right)}px`)
    else panel.style.setProperty('--popover-left', `${Math.round(rect.left)}px`)
    setOpen(true)
  }

  return (
    <>
      <span ref={anchorRef} className={styles.anchor}>
        <Button size="small" popoverTarget={id} aria-haspopup="dialog" disabled={disabled}>
          {label}
          <span aria-hidden="true" className={styles.caret}>
            ▾
          </span>
        </Button>
      </span>
      <div
        ref={panelRef}
        id={id}
        popover="auto"
        role="dialog"
        aria-label={title}
        className={`${styles.panel} ${align === 'end' ? styles.end : styles.start}`}
        onBeforeToggle={place}
        onToggle={(event) => {
          const opened = event.newState === 'open'
          setOpen(opened)
          // The content may have mounted while the panel was still hidden, when focus cannot
          // move into it: once shown, focus goes to its first control (unless already inside).
          const panel = event.currentTarget
          if (opened && !panel.contains(document.activeElement))
            panel.querySelector<HTMLElement>(FOCUSABLE)?.focus()
        }}
      >
        {open && (
          <Suspense fallback={<p className={styles.loading}>Loading…</p>}>
            {children}
            <FocusFirst panel={panelRef} />
          </Suspense>
        )}
      </div>
    </>
  )
}
