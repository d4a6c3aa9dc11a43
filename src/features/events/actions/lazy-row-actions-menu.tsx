import { useEffect, useRef, useSyncExternalStore } from 'react'
import type { Event } from '@/api/schemas/event'
import { toast } from '@/components/ui/toast'
import type { RowActionsMenu as Menu } from './row-actions-menu'
import { RowActionsIcon } from './row-actions-icon'
import { rowActionsLabel } from './row-actions-label'
import styles from './row-actions-menu.module.css'

/*
 * The menu is React Aria (about 50 kB): it loads when a user first shows intent (pointer over, or
 * focus on, any row's actions button), not with the list. Until then each row has a look-alike
 * button. A press on one before the code is there opens that row's menu when it arrives, unless
 * the user has moved on (focus left it, or Escape); focus follows to the real button.
 */
let LoadedMenu: typeof Menu | null = null
let requested = false
/** The one row whose menu was asked for while the code loaded. */
let pendingOpen: number | null = null
const listeners = new Set<() => void>()
function preload() {
  if (requested) return
  requested = true
  import('./row-actions-menu').then(
    (m) => {
      LoadedMenu = m.RowActionsMenu
      listeners.forEach((l) => l())
    },
    () => {
      requested = false // tried again on the next intent
      if (pendingOpen !== null)
        toast.error('The actions menu could not be loaded', {
          description:
            'The console may have been updated since this page was opened. Reload to use the new version.',
        })
      pendingOpen = null
    },
  )
}
const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
const loadedMenu = () => LoadedMenu

/** A row's actions button; the menu's code loads on first intent. */
export function LazyRowActionsMenu({ event }: { event: Event }) {
  const RowActionsMenu = useSyncExternalStore(subscribe, loadedMenu)
  const id = event.event_ID
  const focused = useRef(false)
  // The request to open is this row's only until the real menu has taken it.
  useEffect(() => {
    if (RowActionsMenu && pendingOpen === id) pendingOpen = null
  }, [RowActionsMenu, id])
  if (RowActionsMenu)
    return (
      // The component is the loaded module's own (one identity, set once), not made in render;
      // the request and focus are read once, when the real button replaces this one.
      // eslint-disable-next-line react-hooks/static-components, react-hooks/refs
      <RowActionsMenu event={event} defaultOpen={pendingOpen === id} autoFocus={focused.current} />
    )
  const ask = () => {
    pendingOpen = id
    preload()
  }
  return (
    <button
      type="button"
      className={styles.trigger}
      aria-label={rowActionsLabel(event)}
      aria-haspopup="menu"
      onPointerEnter={preload}
      // A press counts from pointer down: the real button may replace this one before release.
      onPointerDown={ask}
      onFocus={() => {
        focused.current = true
        preload()
      }}
      onBlur={() => {
        focused.current = false
        if (pendingOpen === id) pendingOpen = null
      }}
      onClick={ask}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault()
          ask()
        } else if (e.key === 'Escape' && pendingOpen === id) pendingOpen = null
      }}
    >
      <RowActionsIcon />
    </button>
  )
}
