import { useEffect } from 'react'
import { toast } from '@/components/ui/toast'
import { isTextEntryTarget } from '@/lib/typing-target'
import { clearUndo, runUndo } from '@/lib/undo-stack'
import { clearBulk } from '@/features/events/list/bulk/bulk-store'

/**
 * The undo stack's life and its key. Ctrl+Z (⌘Z) undoes the last change whose toast offered
 * Undo, wherever focus is, except where text is being typed (the field's own undo) or while a
 * modal dialog owns the page. Mounted with the unlocked console, per database and user: sign-out,
 * the lock and a database switch unmount it, which forgets every entry (their labels may name
 * an event, and they belong to that session) and stops a bulk change under way, dropping its
 * results.
 */
export function UndoScope() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.altKey || event.shiftKey) return
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return
      if (isTextEntryTarget(event.target) || document.querySelector('dialog[open]')) return
      event.preventDefault()
      if (!runUndo()) toast.info('Nothing to undo')
    }
    window.addEventListener('keydown', onKeyDown)
    return () => {
      window.removeEventListener('keydown', onKeyDown)
      clearUndo()
      clearBulk()
    }
  }, [])
  return null
}
