import type { Event } from '@/api/schemas/event'
import type { IndexClient } from './index-client'

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
