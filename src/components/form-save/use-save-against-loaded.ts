import { useState } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { ApiError, outcomeUnknown } from '@/api/errors'
import { toast } from '@/components/ui/toast'
import {
  changedFields,
  conflictChanges,
  isNewerOnService,
  mineOnTheirs,
  valuesOnTheirs,
  type ConflictChange,
  type Versioned,
} from './edit-conflict'

export interface Conflict<T> {
  /** The record as the service has it now. */
  latest: T
  /** What "save mine over theirs" writes: theirs with the user's edits on top. */
  merged: T
  changes: ConflictChange[]
}

interface Options<T extends Versioned, V extends FieldValues> {
  form: UseFormReturn<V>
  /** The version the form's values came from; none when creating. */
  base: T | undefined
  /** Makes `latest` the version the form edits from now on. */
  onRebase: (latest: T) => void
  toValues: (record: T) => V
  /** The record on the service now, asked for again (never from a cache). */
  fetchLatest: () => Promise<T>
  /** Writes the record and resolves with it as saved; rejects with the service's refusal. */
  send: (record: T) => Promise<T>
  /**
   * The record is saved: as the service answered, or as read back when its answer was lost
   * (a save that landed all the same is the user's own, never someone else's conflict).
   */
  onSaved: (saved: T) => void
  /** A refusal that is not a conflict, or a failure to ask for the latest version. */
  onError: (error: unknown) => void
  /** Offers values back to the user as a draft (the form's draft store). */
  keepDraft: (values: V) => void
  /** The documented fields, in the order the conflict lists them. */
  order?: readonly string[]
}

/**
 * Saves a form against the version it loaded: when the service has a newer one (a later
 * `update_Date` before sending, or a 409 for the write), nothing is written and the conflict is
 * shown instead, with the same choices for every record (see `ConflictDialog`).
 */
export function useSaveAgainstLoaded<T extends Versioned & object, V extends FieldValues>(
  options: Options<T, V>,
) {
  const { form, base } = options
  const [conflict, setConflict] = useState<Conflict<T> | null>(null)
  const [checking, setChecking] = useState(false)

  const open = (loaded: T, latest: T, mine: T) => {
    const merged = mineOnTheirs(loaded, latest, mine)
    setConflict({ latest, merged, changes: conflictChanges(loaded, latest, merged, options.order) })
  }

  /**
   * Sends `mine`; a 409 opens the conflict with the version the service has now. When the answer
   * is lost (`outcomeUnknown`: a timeout, a gateway's 504), the record is read before anything is
   * said: a newer version that holds what was sent is this save, landed; an unchanged one was not
   * saved (the error stands); any other newer one is someone else's, shown as the conflict.
   */
  const write = async (loaded: T, mine: T) => {
    const { send, fetchLatest, onSaved } = options
    let saved: T
    try {
      saved = await send(mine)
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        open(loaded, await fetchLatest(), mine)
        return
      }
      if (!outcomeUnknown(error)) throw error
      const latest = await fetchLatest()
      if (!isNewerOnService(loaded, latest)) throw error
      const held = changedFields(latest as Record<string, unknown>, mine as Record<string, unknown>)
      if (Object.keys(held).length === 0) onSaved(latest)
      else open(loaded, latest, mine)
      return
    }
    onSaved(saved)
  }

  const run = async (work: () => Promise<void>) => {
    setChecking(true)
    try {
      await work()
    } catch (error) {
      options.onError(error)
    } finally {
      setChecking(false)
    }
  }

  /** Saves `mine` unless someone saved the record since it was loaded. */
  const save = (mine: T) =>
    run(async () => {
      if (!base) {
        options.onSaved(await options.send(mine))
        return
      }
      const latest = await options.fetchLatest()
      if (isNewerOnService(base, latest)) open(base, latest, mine)
      else await write(base, mine)
    })

  /** Saves theirs with the user's edits on top. */
  const keepMine = () => {
    if (!conflict || !base) return Promise.resolve()
    setConflict(null)
    return run(() => write(base, conflict.merged))
  }

  /** Loads theirs into the form; the user's edits (on top of theirs) are offered as a draft. */
  const takeTheirs = () => {
    if (!conflict || !base) return
    const { toValues, onRebase, keepDraft } = options
    const kept = valuesOnTheirs(toValues(base), toValues(conflict.latest), form.getValues())
    onRebase(conflict.latest)
    form.reset(toValues(conflict.latest))
    keepDraft(kept)
    setConflict(null)
    toast.info('Loaded their version', {
      description: 'Your changes are kept as a draft: restore them to review and save again.',
    })
  }

  return { save, checking, conflict, keepMine, takeTheirs, review: () => setConflict(null) }
}
