import {
  Button as AriaButton,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { DEFAULT_SNOOZE_DURATION } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { paths } from '@/lib/paths'
import { isCompleted } from '../model/facts'
import { useLookup } from '../use-lookup'
import { RowActionsIcon } from './row-actions-icon'
import { rowActionsLabel } from './row-actions-label'
import { snoozeLabel } from './snooze-duration'
import { SnoozeUntilDialog } from './snooze-until-dialog'
import { useClaimCommand, useCompleteCommand, useSnoozeCommand } from './use-event-commands'
import styles from './row-actions-menu.module.css'

const SNOOZE = 'snooze:'

/**
 * One compact button per row of an event list, opening everything that can be done to the event
 * from there: snooze (each duration, the default first, or until a chosen time), assign to
 * me, mark complete, open, edit. Lists of
 * hundreds of rows keep one control per row instead of a row of buttons; the keyboard reaches
 * it with Tab from the row's link (and the triage keys still snooze and complete).
 */
export function RowActionsMenu({
  event,
  defaultOpen = false,
  autoFocus = false,
}: {
  event: Event
  /** Open at once (the user asked for it while the menu's code was loading). */
  defaultOpen?: boolean
  /** Take focus (it was on the look-alike button this one replaces). */
  autoFocus?: boolean
}) {
  const navigate = useNavigate()
  const { completedStatus } = useRuntimeConfig()
  const { snooze } = useSnoozeCommand()
  const complete = useCompleteCommand()
  const { claim, sayTaken } = useClaimCommand()
  const me = useCurrentUser().userId
  const snoozes = useLookup('snoozes').data ?? []
  const done = isCompleted(event, completedStatus)
  // The default first, then the service's others in its order (the default even before the
  // list has loaded).
  const durations = [
    DEFAULT_SNOOZE_DURATION,
    ...snoozes.map((o) => o.option_Key).filter((k) => k !== DEFAULT_SNOOZE_DURATION),
  ]
  const label = rowActionsLabel(event)
  const trigger = useRef<HTMLButtonElement>(null)
  const [untilOpen, setUntilOpen] = useState(false)
  const openedAtMount = useRef(defaultOpen)
  // Opened at mount (asked for on the look-alike button while this code loaded), the menu has
  // no earlier focus to give back on its first closing: give it to this button, as any other
  // opening does, unless the user has already put focus somewhere else.
  const onOpenChange = (open: boolean) => {
    if (open || !openedAtMount.current) return
    openedAtMount.current = false
    requestAnimationFrame(() => {
      const active = document.activeElement
      if (!active || active === document.body) trigger.current?.focus()
    })
  }

  const onAction = (key: string) => {
    if (key === 'snooze-until') setUntilOpen(true)
    else if (key.startsWith(SNOOZE)) void snooze(event, key.slice(SNOOZE.length))
    else if (key === 'complete') void complete(event)
    else if (key === 'claim')
      void claim(event).then((outcome) => {
        if ('takenBy' in outcome) sayTaken(outcome)
      })
    else if (key === 'open') void navigate(paths.events.detail(event.event_ID))
    else if (key === 'edit') void navigate(paths.events.edit(event.event_ID))
  }

  return (
    <>
      <MenuTrigger defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        {/* Never disabled while a command runs: focus stays on it (triage goes on from here). */}
        <AriaButton
          ref={trigger}
          className={styles.trigger}
          aria-label={label}
          autoFocus={autoFocus}
        >
          <RowActionsIcon />
        </AriaButton>
        <Popover className={styles.popover} placement="bottom end" offset={4}>
          <Menu
            className={styles.menu}
            aria-label={label}
            onAction={(key) => onAction(String(key))}
          >
            {!done && (
              <MenuSection className={styles.section}>
                <Header className={styles.header}>Snooze for</Header>
                {durations.map((key) => {
                  const text = snoozeLabel(key, snoozes)
                  return (
                    <MenuItem key={key} id={SNOOZE + key} className={styles.item} textValue={text}>
                      {text}
                      {key === DEFAULT_SNOOZE_DURATION && (
                        <span className={styles.hint}>default</span>
                      )}
                    </MenuItem>
                  )
                })}
                <MenuItem id="snooze-until" className={styles.item} textValue="Snooze until…">
                  Snooze until…
                </MenuItem>
              </MenuSection>
            )}
            {!done && <Separator className={styles.separator} />}
            <MenuSection className={styles.section}>
              {!done && event.user_ID !== me && (
                <MenuItem id="claim" className={styles.item}>
                  Assign to me
                </MenuItem>
              )}
              {!done && (
                <MenuItem id="complete" className={styles.item}>
                  Mark complete
                </MenuItem>
              )}
              <MenuItem id="open" className={styles.item}>
                Open
              </MenuItem>
              <MenuItem id="edit" className={styles.item}>
                Edit
              </MenuItem>
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
      <SnoozeUntilDialog
        event={event}
        open={untilOpen}
        onClose={() => setUntilOpen(false)}
        returnFocus={trigger}
      />
    </>
  )
}
