import type { Event } from '@/api/schemas/event'
import type { IndexClient } from './index-client'
import type { RangeRequest } from './protocol'

/*
 * The event index of the session, for the cache updates after a write (`../cache.ts`), which run
 * outside React: a write's answer goes into the index at once. The provider registers its client
 * while mounted; with none (signed out, locked, another database) these do nothing.
 */
let current: IndexClient | null = null

export function registerIndex(client: IndexClient) {
  current = client
  return () => {
    if (current === client) current = null
  }
}

/** Puts a write's answer into the index of that database. */
export function patchIndex(database: string, events: Event[]) {
  if (current?.database === database && events.length) current.upsert(events)
}

/** Takes deleted (or not found) events out of the index of that database. */
export function dropFromIndex(database: string, eventIds: number[]) {
  if (current?.database === database && eventIds.length) current.remove(eventIds)
}

/** A range asked for before the index of its database started (see `readRangeAhead`). */
let firstRange: { database: string; range: RangeRequest } | null = null

/**
 * The calendar's route asks for its view's range as navigation starts, before the page renders:
 * the running index of that database starts reading it now; else the index, when it starts,
 * reads it before anything else.
 */
export function readRangeAhead(database: string, range: RangeRequest) {
  if (current?.database === database) {
    current.range(range.from, range.to, range.by).catch(() => undefined)
    firstRange = null
  } else firstRange = { database, range }
}

/** The range to read first for the index of `database` starting now, once. */
export function takeFirstRange(database: string): RangeRequest | undefined {
  const range = firstRange?.database === database ? firstRange.range : undefined
  firstRange = null
  return range
}

/** Whether the index of `database` holds every event (its answers replace the service's pages). */
export const indexIsReady = (database: string) =>
  current?.database === database && current.getState().phase === 'ready'

/** Whether the console's server answers the views (`eventIndexOf` of the runtime config). */
let serverAnswers = false

/** Set as the app starts, from the runtime config. */
export function setServerAnswers(on: boolean) {
  serverAnswers = on
}

/**
 * Whether a view asks the service for its own page of events: not once the index of `database`
 * holds every event, nor where the console's server answers (the service would sort the whole
 * plan for one page, and the server's check of a new session waits behind it there).
 */
export const asksServicePages = (database: string) => !serverAnswers && !indexIsReady(database)
