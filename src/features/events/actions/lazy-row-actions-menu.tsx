import { useRef, useState, useSyncExternalStore } from 'react'
import type { Event } from '@/api/schemas/event'
import type { RowActionsMenu as Menu } from './row-actions-menu'
import { RowActionsIcon } from './row-actions-icon'
import { rowActionsLabel } from './row-actions-label'
import styles from './row-actions-menu.module.css'

/*
 * The menu is React Aria (about 50 kB): it loads when a user first shows intent (pointer over, or
 * focus on, any row's actions button), not with the list. Until then each row has a look-alike
 * button; a click or an arrow key on it before the code is there opens the menu when it arrives,
 * and focus moves to the real button when it replaces the look-alike.
 */
let LoadedMenu: typeof Menu | null = null
let requested = false
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
      requested = false // a failed load is tried again on the next intent
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
  const [openOnLoad, setOpenOnLoad] = useState(false)
  const focused = useRef(false)
  if (RowActionsMenu)
    return (
      // The component is the loaded module's own (one identity, set once), not made in render;
      // focus is read once, when the real button replaces this one.
      // eslint-disable-next-line react-hooks/static-components, react-hooks/refs
      <RowActionsMenu event={event} defaultOpen={openOnLoad} autoFocus={focused.current} />
    )
  const ask = () => {
    setOpenOnLoad(true)
    preload()
  }
  return (
    <button
      type="button"
      className={styles.trigger}
      aria-label={rowActionsLabel(event)}
      aria-haspopup="menu"
      onPointerEnter={preload}
      onFocus={() => {
        focused.current = true
        preload()
      }}
      onBlur={() => {
        focused.current = false
      }}
      onClick={ask}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault()
          ask()
        }
      }}
    >
      <RowActionsIcon />
    </button>
  )
}
