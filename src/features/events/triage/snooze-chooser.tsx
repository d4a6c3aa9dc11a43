import { useEffect, useLayoutEffect, useRef } from 'react'
import { DEFAULT_SNOOZE_DURATION } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { Dialog } from '@/components/ui/dialog'
import { snoozeLabel } from '../actions/snooze-duration'
import { eventTitle } from '../model/title'
import { useLookup } from '../use-lookup'
import styles from './shortcuts-dialog.module.css'

/**
 * `s` in a list: the snooze durations, numbered; a digit picks one at once, or the arrow keys
 * and Enter; Escape keeps the event as it is. The default comes first.
 */
export function SnoozeChooser({
  event,
  digit,
  onChoose,
  onClose,
}: {
  event: Event | null
  /** A digit pressed before this code arrived: it picks at once. */
  digit?: string | undefined
  onChoose: (event: Event, duration: string) => void
  onClose: () => void
}) {
  const snoozes = useLookup('snoozes').data ?? []
  const durations = [
    DEFAULT_SNOOZE_DURATION,
    ...snoozes.map((o) => o.option_Key).filter((k) => k !== DEFAULT_SNOOZE_DURATION),
  ].slice(0, 9)
  // One choice per opening: a digit pressed early is picked when the choices open and again
  // when the durations arrive (or an effect runs twice), and a second snooze of the same
  // version would be refused and leave Undo nothing to undo.
  const chosen = useRef<Event | null>(null)
  const pick = (key: string | undefined) => {
    if (!event || !key || chosen.current === event) return
    chosen.current = event
    onChoose(event, key)
  }
  // A digit picks at once while the choices are open.
  const latest = useRef(pick)
  useLayoutEffect(() => {
    latest.current = pick
  })
  const open = event !== null
  // Closed, the next opening may choose again (a refused snooze is tried once more).
  useLayoutEffect(() => {
    if (!open) chosen.current = null
  }, [open])
  const keys = durations.join(',')
  useEffect(() => {
    if (open && digit) latest.current(keys.split(',')[Number(digit) - 1])
  }, [open, digit, keys])
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (!/^[1-9]$/.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) return
      e.preventDefault()
      latest.current(keys.split(',')[Number(e.key) - 1])
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, keys])
  return (
    <Dialog
      open={event !== null}
      onClose={onClose}
      title={event ? `Snooze “${eventTitle(event)}”` : 'Snooze'}
    >
      <p className={styles.intro}>Press a number, or choose:</p>
      <ol className={styles.choices}>
        {durations.map((key, i) => (
          <li key={key}>
            <button
              type="button"
              className={styles.choice}
              autoFocus={i === 0}
              aria-keyshortcuts={String(i + 1)}
              onClick={() => pick(key)}
            >
              <kbd>{i + 1}</kbd> {snoozeLabel(key, snoozes)}
              {key === DEFAULT_SNOOZE_DURATION && <span className={styles.hint}> default</span>}
            </button>
          </li>
        ))}
      </ol>
    </Dialog>
  )
}
