import { useCallback, useEffect, useRef, useState } from 'react'
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form'

import { DRAFT_PREFIX as PREFIX, flushers } from './draft-store'

export interface StoredDraft<T> {
  savedAt: number
  values: T
}

function read<T>(key: string): StoredDraft<T> | null {
  try {
    const text = sessionStorage.getItem(PREFIX + key)
    if (!text) return null
    const parsed = JSON.parse(text) as StoredDraft<T>
    return typeof parsed.savedAt === 'number' && parsed.values ? parsed : null
  } catch {
    return null
  }
}

/** Removes a stored draft (after a save, or when it is discarded). */
export function clearDraft(key: string) {
  try {
    sessionStorage.removeItem(PREFIX + key)
  } catch {
    // storage unavailable: nothing stored either
  }
}

/**
 * Keeps what the user typed in sessionStorage (this tab only, gone when it closes), so a reload
 * or a crash does not lose it. `key` names the form and record, scoped by database, e.g.
 * `demo.event.42`. The stored draft found at mount is offered back with `restore`/`discard`.
 */
export function useFormDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>) {
  const [offered, setOffered] = useState<StoredDraft<T> | null>(() => read<T>(key))
  const values = useWatch({ control: form.control }) as T
  const { isDirty } = form.formState
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => {
    // While a draft is on offer, keep it: typing must not overwrite what may be restored.
    if (!isDirty || offered) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      try {
        sessionStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: Date.now(), values }))
      } catch {
        // quota or privacy mode: the draft is a safety net, the form still works
      }
    }, 400)
    return () => clearTimeout(timer.current)
  }, [key, values, isDirty, offered])

  // Flushed at once (not after the pause) when the console locks.
  const latest = useRef({ values, isDirty, offered })
  useEffect(() => {
    latest.current = { values, isDirty, offered }
  })
  useEffect(() => {
    const flush = () => {
      const now = latest.current
      if (!now.isDirty || now.offered) return
      clearTimeout(timer.current)
      try {
        sessionStorage.setItem(
          PREFIX + key,
          JSON.stringify({ savedAt: Date.now(), values: now.values }),
        )
      } catch {
        // as above
      }
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
      try {
        sessionStorage.setItem(PREFIX + key, JSON.stringify(stored))
      } catch {
        // storage unavailable: the draft is still offered for as long as the page is open
      }
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
