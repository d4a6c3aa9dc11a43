import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { DEFAULT_SNOOZE_DURATION } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { useLookup } from '../use-lookup'
import { useRef, useState } from 'react'
import { snoozeLabel } from './snooze-duration'
import { SnoozeUntilDialog } from './snooze-until-dialog'
import { useSnoozeCommand } from './use-event-commands'
import styles from './snooze-menu.module.css'

/** The menu item that opens "Snooze until…" (no snooze duration has this key). */
const UNTIL = 'snooze-until:'

interface SnoozeMenuProps {
  event: Event
  size?: 'small' | 'medium'
}

/**
 * Snooze as a split button: one click snoozes for the default 15 minutes; the arrow opens a menu
 * of every duration of `GET /snoozes`, and "Snooze until…" (a chosen date and time).
 */
export function SnoozeMenu({ event, size = 'small' }: SnoozeMenuProps) {
  const { snooze, pending: busy } = useSnoozeCommand()
  const snoozes = useLookup('snoozes')
  const [untilOpen, setUntilOpen] = useState(false)
  const more = useRef<HTMLButtonElement>(null)
  const run = (duration: string) => snooze(event, duration)
  const options = snoozes.data ?? []
  const sizeClass = size === 'small' ? styles.small : ''
  return (
    <div className={styles.split} role="group" aria-label={`Snooze ${event.subject ?? ''}`.trim()}>
      <button
        type="button"
        className={`${styles.main} ${sizeClass}`}
        disabled={busy}
        onClick={() => void run(DEFAULT_SNOOZE_DURATION)}
      >
        Snooze {snoozeLabel(DEFAULT_SNOOZE_DURATION, options)}
      </button>
      <MenuTrigger>
        <AriaButton
          ref={more}
          className={`${styles.more} ${sizeClass}`}
          aria-label="Other snooze durations"
          isDisabled={busy}
        >
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </AriaButton>
        <Popover className={styles.popover} placement="bottom end">
          <Menu
            className={styles.menu}
            aria-label="Snooze for"
            onAction={(key) => (key === UNTIL ? setUntilOpen(true) : void run(String(key)))}
            disabledKeys={options.length ? [] : ['none']}
          >
            {options.length === 0 ? (
              <MenuItem id="none" className={styles.item}>
                {snoozes.isError ? 'Durations unavailable' : 'Loading durations…'}
              </MenuItem>
            ) : (
              options.map((o) => (
                <MenuItem
                  key={o.option_Key}
                  id={o.option_Key}
                  className={styles.item}
                  textValue={o.display ?? o.option_Key}
                >
                  {o.display ?? o.option_Key}
                  {o.option_Key === DEFAULT_SNOOZE_DURATION && (
                    <span className={styles.default}>default</span>
                  )}
                </MenuItem>
              ))
            )}
            <MenuItem id={UNTIL} className={styles.item} textValue="Snooze until…">
              Snooze until…
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <SnoozeUntilDialog
        event={event}
        open={untilOpen}
        onClose={() => setUntilOpen(false)}
        returnFocus={more}
      />
    </div>
  )
}
