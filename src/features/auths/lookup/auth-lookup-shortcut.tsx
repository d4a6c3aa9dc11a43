import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { Dialog } from '@/components/ui/dialog'
import { paths } from '@/lib/paths'
import { AuthLookupForm } from './auth-lookup-form'
import { RecentLookupsList } from './recent-lookups-list'
import styles from './lookup.module.css'

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

interface AuthLookupShortcutProps {
  /** Whether to show a "Find auth" button as well as listening for the keys. */
  showTrigger?: boolean
  className?: string
}

/**
 * The global auth lookup: `/` (outside a text field) or Ctrl+K / ⌘K opens a dialog with the Auth
 * number field and the recent lookups. Mount once inside the signed-in layout (it needs the API,
 * the current user and the router).
 */
export function AuthLookupShortcut({ showTrigger = true, className }: AuthLookupShortcutProps) {
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()

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
        !isEditable(event.target)
      if (!commandK && !slash) return
      // Another modal owns the page (a confirmation, the sign-in dialog): leave it be.
      if (document.querySelector('dialog[open]')) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  const close = () => setOpen(false)
  return (
    <>
      {showTrigger && (
        <button
          type="button"
          className={`${styles.trigger} ${className ?? ''}`}
          onClick={() => setOpen(true)}
          aria-keyshortcuts="/ Control+K"
        >
          Find auth <kbd className={styles.triggerKey}>/</kbd>
        </button>
      )}
      <Dialog open={open} onClose={close} title="Look up an auth">
        <AuthLookupForm
          autoFocus
          onFound={(authNumber) => {
            close()
            navigate(paths.auths.detail(authNumber))
          }}
        />
        <h3 className={styles.subheading}>Recent lookups</h3>
        <RecentLookupsList onOpen={close} />
      </Dialog>
    </>
  )
}
