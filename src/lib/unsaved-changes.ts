import { useEffect, useId } from 'react'

/** Forms that hold changes not yet saved, by an ID per mounted form. */
const dirtyForms = new Set<string>()

/** Whether any mounted form holds unsaved changes (asked before switching database). */
export const hasUnsavedChanges = () => dirtyForms.size > 0

/**
 * Registers a form's dirty state: while dirty, switching database asks first and closing the
 * tab warns.
 */
export function useUnsavedChanges(isDirty: boolean) {
  const id = useId()
  useEffect(() => {
    if (!isDirty) return
    dirtyForms.add(id)
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => {
      dirtyForms.delete(id)
      window.removeEventListener('beforeunload', warn)
    }
  }, [id, isDirty])
}
