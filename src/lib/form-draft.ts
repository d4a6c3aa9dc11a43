import { useCallback, useEffect, useRef, useState } from 'react'
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form'

import { flushers, readDraft, removeDraft, writeDraft } from './draft-store'

export interface StoredDraft<T> {
  savedAt: number
  values: T
}

function asDraft<T>(value: unknown): StoredDraft<T> | null {
  if (!value || typeof value !== 'object') return null
  const draft = value as StoredDraft<T>
  return typeof draft.savedAt === 'number' && draft.values ? draft : null
}

/** Removes a stored draft (after a save, or when it is discarded). */
export function clearDraft(key: string) {
  removeDraft(key)
}

/**
 * Keeps what the user typed in sessionStorage (this tab only, gone when it closes), encrypted
 * (`draft-store.ts`), so a reload, a crash or the idle lock does not lose it. `key` names the
 * form and record, scoped by database, e.g. `demo.event.42`. The stored draft found at mount is
 * offered back with `restore`/`discard`; until it has been read, nothing overwrites it.
 */
export function useFormDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>) {
  const [offered, setOffered] = useState<StoredDraft<T> | null>(null)
  const [readFor, setReadFor] = useState<string | null>(null)
  const ready = readFor === key
  const values = useWatch({ control: form.control }) as T
  const { isDirty } = form.formState
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    let live = true
    void readDraft(key).then((value) => {
      if (!live) return
      setOffered(asDraft<T>(value))
      setReadFor(key)
    })
    return () => {
      live = false
    }
  }, [key])

  useEffect(() => {
    // While a draft is on offer (or not read yet), keep it: typing must not overwrite what may
    // be restored.
    if (!isDirty || offered || !ready) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      void writeDraft(key, { savedAt: Date.now(), values })
    }, 400)
    return () => clearTimeout(timer.current)
  }, [key, values, isDirty, offered, ready])

  // Flushed at once (not after the pause) when the console locks.
  const latest = useRef({ values, isDirty, offered, ready })
  useEffect(() => {
    latest.current = { values, isDirty, offered, ready }
  })
  useEffect(() => {
    const flush = () => {
      const now = latest.current
      if (!now.isDirty || now.offered || !now.ready) return
      clearTimeout(timer.current)
      void writeDraft(key, { savedAt: Date.now(), values: now.values })
    }
    flushers.add(flush)
    return () => {
      flushers.delete(flush)
    }
  }, [key])

  const restore = useCallback(() => {
    if (!offered) return
    form.reset(offered.values, { keepDefaultValues: true })
    setOffered(null)
  }, [form, offered])

  const discard = useCallback(() => {
    clearDraft(key)
    setOffered(null)
  }, [key])

  /** Keeps `kept` as the draft on offer (e.g. the user's edits after taking someone else's). */
  const keep = useCallback(
    (kept: T) => {
      clearTimeout(timer.current)
      const stored: StoredDraft<T> = { savedAt: Date.now(), values: kept }
      void writeDraft(key, stored)
      setOffered(stored)
    },
    [key],
  )

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    clearDraft(key)
  }, [key])

  return { offered, restore, discard, keep, clear }
}
