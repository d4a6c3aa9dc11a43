import { useSyncExternalStore } from 'react'

/*
 * The console's undo stack: each change whose toast offered Undo, newest last, so Ctrl+Z (⌘Z)
 * and search everywhere can undo the last one after its toast has gone. Memory only (a label may
 * name an event); the signed-in layout clears it at sign-out, lock and database switch. An entry
 * runs at most once, whichever way it is asked for (the toast's button, the key, the command).
 */
export interface UndoEntry {
  id: number
  /** What it undoes, e.g. "Snooze of “Call the member”". */
  label: string
  run: () => unknown
  /** Called when it is taken (run from anywhere): the toast that offered it closes. */
  onTaken?: () => void
}

/** The oldest entries beyond this many are forgotten. */
export const UNDO_LIMIT = 20

let entries: readonly UndoEntry[] = []
let lastId = 0
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

/** Adds an undoable change; returns its ID. */
export function pushUndo(label: string, run: () => unknown, onTaken?: () => void): number {
  const entry: UndoEntry = { id: ++lastId, label, run, ...(onTaken ? { onTaken } : {}) }
  entries = [...entries, entry].slice(-UNDO_LIMIT)
  changed()
  return entry.id
}

/** Removes an entry (the last one when no ID is given) and returns it, or null when gone. */
export function takeUndo(id?: number): UndoEntry | null {
  const entry = id === undefined ? entries.at(-1) : entries.find((e) => e.id === id)
  if (!entry) return null
  entries = entries.filter((e) => e !== entry)
  changed()
  entry.onTaken?.()
  return entry
}

/** Undoes an entry (the last one when no ID is given); false when there was none. */
export function runUndo(id?: number): boolean {
  const entry = takeUndo(id)
  if (!entry) return false
  void entry.run()
  return true
}

/** Forgets every entry (sign-out, lock, another database). */
export function clearUndo() {
  if (entries.length === 0) return
  entries = []
  changed()
}

export const undoEntries = () => entries

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The change Ctrl+Z would undo now, or null. */
export function useLastUndo(): UndoEntry | null {
  return useSyncExternalStore(subscribe, () => entries.at(-1) ?? null)
}
