import { storable } from '../stored-text'
import { recordAudit, seenEntries } from '../audit'
import type { Sql } from '../db/storage'
import { heldEvents, heldRecord, upsertAuth, upsertEvents, wallClockMs, type Change } from './store'

/*
 * Storing what was read from the service (the mirror's polls and sweeps, a record read through
 * the console): a record that differs from the copy was changed past the console, since a write
 * through it updates the copy at once. Each such change is recorded (`seenEntries`) before the
 * copy takes it, so a record's history shows it, whoever met it first.
 */

type Rec = Record<string, unknown>

/** Stores events read from the service, recording those changed past the console. */
export async function storeSeenEvents(tx: Sql, database: string, events: readonly Rec[]) {
  if (events.length === 0) return [] as Change[]
  const held = await heldEvents(
    tx,
    database,
    events.map((e) => e.event_ID as number),
  )
  // A record older than the copy (a sweep's page read before a write through the console) is
  // not stored over it: the copy is the newer.
  const fresh = events.filter((e) => {
    const was = wallClockMs(held.get(e.event_ID as number)?.update_Date)
    const is = wallClockMs(e.update_Date)
    return was === null || is === null || is >= was
  })
  const changes = await upsertEvents(tx, database, fresh)
  const changed = new Set(changes.map((c) => c.id))
  await recordAudit(
    tx,
    seenEntries(
      database,
      'event',
      new Map([...held].map(([id, record]) => [String(id), record])),
      fresh
        .filter((e) => changed.has(String(e.event_ID)))
        .map((e) => ({ id: String(e.event_ID), record: e })),
    ),
  )
  return changes
}

/**
 * Stores an auth read from the service, recording a change made past the console. An auth the
 * copy did not hold is only met, not created, as far as the console knows: nothing is recorded.
 */
export async function storeSeenAuth(tx: Sql, database: string, auth: Rec) {
  const number = typeof auth.auth_Number === 'string' ? auth.auth_Number : null
  if (!number) return [] as Change[]
  // As `upsertAuth` stores it: a NUL or half a character as U+FFFD.
  const held = await heldRecord(tx, database, 'auth', storable(number))
  const changes = await upsertAuth(tx, database, auth)
  if (held && changes.length > 0)
    await recordAudit(
      tx,
      seenEntries(database, 'auth', new Map([[number, held]]), [{ id: number, record: auth }]),
    )
  return changes
}
