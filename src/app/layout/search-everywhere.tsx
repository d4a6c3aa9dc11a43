import { lazy, Suspense, useEffect, useState } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { isTypingTarget } from '@/lib/typing-target'
import styles from './search-everywhere.module.css'

const Palette = lazy(() => import('./search-palette').then((m) => ({ default: m.Palette })))

/**
 * Search everywhere (Ctrl+K / ⌘K, or `/` outside a text field): events by subject words or ID
 * (from the event index), an auth by number, and the console's pages and commands. Arrow keys
 * move through the results, Enter opens one. Mounted in the signed-in layout only, so a locked
 * or signed-out console has no palette.
 */
export function SearchEverywhere({ onLock }: { onLock: () => void }) {
  const [open, setOpen] = useState(false)

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return
      const commandK =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k'
      const slash =
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTypingTarget(event.target)
      if (!commandK && !slash) return
      // Another modal owns the page (a confirmation, the sign-in dialog): leave it be.
      if (document.querySelector('dialog[open]')) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K /"
      >
        Search <kbd className={styles.triggerKey}>Ctrl K</kbd>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Search everywhere" wide>
        <Suspense fallback={<p role="status">Opening search…</p>}>
          <Palette onDone={() => setOpen(false)} onLock={onLock} />
        </Suspense>
      </Dialog>
    </>
  )
}
