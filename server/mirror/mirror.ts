import { randomUUID } from 'node:crypto'
import type { Storage } from '../db/storage'
import { announce } from '../changes'
import { ServiceError } from '../service/account'
import type { ServiceReader } from '../service/reader'
import { storeSeenEvents } from './seen'
import { deleteEvents, upsertEvents, wallClockMs, type Change } from './store'

/*
 * The mirror of one service database. First a load in pages by event ID, each page stored with
 * the progress in one transaction, so a restart goes on at the next page: nothing stored twice
 * (rows are keyed by ID), nothing missed (the newest update_Date is noted before the first page,
 * and the look for changes reads back to it). Then a look for changes every few seconds (pages
 * by update_Date newest first, back to the previous look's newest), and now and then a sweep of
 * every ID for deleted events, a slice after each look. A failing service is asked again after a
 * growing pause, and the state says since when the mirror is behind.
 */

const BY_ID = 'event_ID:asc'
const BY_UPDATE = 'update_Date:desc,event_ID:asc'
/** Changes are few between two looks: small pages answer most in one read. */
const CHANGE_PAGE_SIZE = 100
/** The longest pause between two tries of a failing service. */
const MAX_BACKOFF_MS = 5 * 60_000
/**
 * How long a sweep reads on after a look for changes before the next look, at most: never more
 * than half the pause between two looks, so a sweep does not hold back the changes.
 */
const SWEEP_SLICE_MS = 1_000
/** How long an instance keeps the right to read a database without renewing it. */
const LEASE_SECONDS = 30

export interface MirrorOptions {
  storage: Storage
  reader: ServiceReader
  database: string
  pageSize: number
  pollMs: number
  sweepMs: number
  /** Names this instance in the lease (one instance reads a database at a time). */
  instanceId?: string
  /** Told once the first load's last page is stored (the upkeep analyses the tables then). */
  onLoaded?: () => void
}

export interface MirrorState {
  database: string
  phase: 'loading' | 'ready'
  next_page: number
  watermark: string | null
  last_success_at: string | null
  behind_since: string | null
  failures: number
}

export class Mirror {
  readonly database: string
  private readonly storage: Storage
  private readonly reader: ServiceReader
  private readonly instanceId: string
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = true
  private nextSweepAt = 0
  /** Where the sweep under way stands: its next page, and the last ID its pages named. */
  private sweepAt: { page: number; after: number | null } | null = null
  private wake: (() => void) | null = null

  constructor(private readonly options: MirrorOptions) {
    this.database = options.database
    this.storage = options.storage
    this.reader = options.reader
    this.instanceId = options.instanceId ?? randomUUID()
  }

  /** Makes the state row (once) and returns the state. */
  async state(): Promise<MirrorState> {
    await this.storage.query(
      `INSERT INTO mirror_state (database, page_size) VALUES ($1, $2)
       ON CONFLICT (database) DO NOTHING`,
      [this.database, this.options.pageSize],
    )
    const { rows } = await this.storage.query<MirrorState>(
      `SELECT database, phase, next_page, watermark, last_success_at::text, behind_since::text,
         failures FROM mirror_state WHERE database = $1`,
      [this.database],
    )
    return rows[0]!
  }

  /**
   * The first load, from where it stopped. `maxPages` stops it after that many pages (as a
   * crash would, between two pages). Returns true when the last page was read.
   */
  async firstLoad({ maxPages = Infinity } = {}): Promise<boolean> {
    let state = await this.state()
    if (state.phase === 'ready') return true
    if (state.next_page === 1 && state.watermark === null) {
      // Noted before the first page: whatever changes during the load is newer, and the first
      // look for changes reads it.
      const newest = await this.reader.eventPage(this.database, 1, 1, BY_UPDATE)
      await this.storage.query(
        `UPDATE mirror_state SET watermark = $2, load_started_at = now() WHERE database = $1`,
        [this.database, newest.events[0]?.update_Date ?? ''],
      )
      state = await this.state()
    }
    // Pages are read at the size the load started with, else a restart would skip or repeat.
    const { rows } = await this.storage.query<{ page_size: number }>(
      'SELECT page_size FROM mirror_state WHERE database = $1',
      [this.database],
    )
    const pageSize = rows[0]!.page_size
    for (let page = state.next_page, read = 0; read < maxPages; page++, read++) {
      const result = await this.reader.eventPage(this.database, page, pageSize, BY_ID)
      const last = result.size < pageSize
      await this.storage.transaction(async (tx) => {
        await upsertEvents(tx, this.database, result.events)
        await tx.query(
          `UPDATE mirror_state SET next_page = $2, last_loaded_id = $3,
             phase = $4, load_finished_at = CASE WHEN $4 = 'ready' THEN now() END,
             last_success_at = now(), behind_since = NULL, failures = 0, last_error = NULL
           WHERE database = $1`,
          [
            this.database,
            page + 1,
            result.events.at(-1)?.event_ID ?? null,
            last ? 'ready' : 'loading',
          ],
        )
      })
      if (last) {
        this.options.onLoaded?.()
        return true
      }
      if (this.stopped && this.running) return false
    }
    return false
  }

  /** Reads what changed since the last look; returns the changes stored. */
  async pollChanges(): Promise<Change[]> {
    const state = await this.state()
    const since = wallClockMs(state.watermark)
    const found = new Map<number, Record<string, unknown>>()
    let newest: string | null = null
    read: for (let page = 1; ; page++) {
      const result = await this.reader.eventPage(this.database, page, CHANGE_PAGE_SIZE, BY_UPDATE)
      for (const event of result.events) {
        newest ??= event.update_Date ?? null
        const at = wallClockMs(event.update_Date)
        // Events stamped exactly at the watermark are read again: a stamp can be shared.
        if (since !== null && (at === null || at < since)) break read
        found.set(event.event_ID, event)
      }
      if (result.size < CHANGE_PAGE_SIZE) break
    }
    return this.storage.transaction(async (tx) => {
      const changes = await storeSeenEvents(tx, this.database, [...found.values()])
      await tx.query(
        `UPDATE mirror_state SET watermark = COALESCE($2, watermark), last_success_at = now(),
           behind_since = NULL, failures = 0, last_error = NULL WHERE database = $1`,
        [this.database, newest],
      )
      await announce(tx, changes)
      return changes
    })
  }

  /**
   * Reads every event by ID and removes from the mirror those the service no longer has, in one
   * go (`sweepSlice` with no limit).
   */
  async sweep(): Promise<Change[]> {
    const changes: Change[] = []
    while (!(await this.sweepSlice(Infinity, changes)));
    return changes
  }

  /**
   * Reads the sweep's next pages by ID for up to `budgetMs` (at least one page), and returns true
   * once the last page is read. Each page is compared with the mirror's IDs in the same span (after
   * the previous page's last ID, up to its own last; after the last page, every ID after it), so a
   * sweep holds one page at a time and can be spread over many looks for changes. An ID in the
   * span the page does not name is asked for on its own before it is removed: a deletion between
   * two pages shifts the later ones, and an event skipped that way is no deleted event.
   */
  async sweepSlice(budgetMs: number, changes: Change[] = []): Promise<boolean> {
    const until = Date.now() + budgetMs
    const pageSize = this.options.pageSize
    const cursor = (this.sweepAt ??= { page: 1, after: null })
    do {
      const result = await this.reader.eventPage(this.database, cursor.page, pageSize, BY_ID)
      const last = result.size < pageSize
      const named = new Set<number>()
      let upTo: number | null = null
      for (const event of result.events) named.add(event.event_ID)
      for (const id of result.unreadable) if (id !== null) named.add(id)
      for (const id of named) if (upTo === null || id > upTo) upTo = id
      // A page naming no ID (its records unreadable) leaves its span to the next page.
      const spanned = upTo !== null || last
      const gone: number[] = []
      if (spanned) {
        const { rows } = await this.storage.query<{ event_id: number }>(
          `SELECT event_id FROM mirror_events WHERE database = $1
             AND ($2::integer IS NULL OR event_id > $2) AND ($3::boolean OR event_id <= $4)`,
          [this.database, cursor.after, last, upTo],
        )
        for (const { event_id } of rows) {
          if (named.has(event_id)) continue
          if ((await this.reader.event(this.database, event_id)) === null) gone.push(event_id)
        }
      }
      // The page and what it shows gone are stored together: one transaction a page.
      changes.push(
        ...(await this.storage.transaction(async (tx) => {
          const stored = await storeSeenEvents(tx, this.database, result.events)
          const removed = await deleteEvents(tx, this.database, gone)
          if (last) {
            // A reader that has not asked for a month reloads anyway.
            await tx.query(
              `DELETE FROM mirror_deletions
               WHERE database = $1 AND deleted_at < now() - interval '30 days'`,
              [this.database],
            )
            await tx.query(
              `UPDATE mirror_state SET last_sweep_at = now(), last_success_at = now()
               WHERE database = $1`,
              [this.database],
            )
          }
          await announce(tx, [...stored, ...removed])
          return [...stored, ...removed]
        })),
      )
      if (!spanned) {
        cursor.page++
        continue
      }
      if (last) {
        this.sweepAt = null
        return true
      }
      cursor.page++
      cursor.after = upTo
    } while (Date.now() < until)
    return false
  }

  /**
   * Takes or renews the right to read this database; false while another instance holds it. A
   * holder that is no longer alive (killed, its presence lock gone) holds nothing: waiting out
   * its lease would leave the mirror behind for no one.
   */
  private async lease(): Promise<boolean> {
    const { rows } = await this.storage.query(
      `UPDATE mirror_state SET leader = $2, lease_until = now() + make_interval(secs => $3)
       WHERE database = $1 AND (leader IS NULL OR leader = $2 OR lease_until < now()
         OR NOT console_instance_alive(leader))
       RETURNING 1`,
      [this.database, this.instanceId, LEASE_SECONDS],
    )
    return rows.length > 0
  }

  /** Whether a sweep is under way (its next slice comes after the next look for changes). */
  get sweeping() {
    return this.sweepAt !== null
  }

  /** The sweep's share of a step: a slice, at most half the pause between two looks. */
  private get sliceMs() {
    return Math.min(SWEEP_SLICE_MS, this.options.pollMs / 2)
  }

  /** One step of the loop: the first load, else a look for changes (and a sweep when due). */
  async step(): Promise<void> {
    await this.state()
    if (!(await this.lease())) return
    const loaded = await this.firstLoad()
    if (!loaded) return
    await this.pollChanges()
    // A sweep of a large plan takes minutes: it goes a slice at a time, each after a look for
    // changes, so the mirror keeps up with them while it sweeps.
    if (this.sweepAt !== null || Date.now() >= this.nextSweepAt) {
      if (this.nextSweepAt !== 0 && !(await this.sweepSlice(this.sliceMs))) return
      this.nextSweepAt = Date.now() + this.options.sweepMs
    }
  }

  /** Notes a failure: the mirror is behind from the first one until a read succeeds. */
  private async failed(error: unknown): Promise<number> {
    const message =
      error instanceof ServiceError ? error.message : 'the mirror could not be updated'
    const { rows } = await this.storage
      .query<{ failures: number }>(
        `UPDATE mirror_state SET failures = failures + 1, last_error = $2,
           behind_since = COALESCE(behind_since, now()) WHERE database = $1 RETURNING failures`,
        [this.database, message],
      )
      .catch(() => ({ rows: [{ failures: 1 }] }))
    return Number(rows[0]?.failures ?? 1)
  }

  /** Runs the loop until `stop`: a step, then a pause (longer after each failure in a row). */
  start() {
    if (!this.stopped) return
    this.stopped = false
    const loop = async () => {
      while (!this.stopped) {
        let pause = this.options.pollMs
        const started = Date.now()
        try {
          await this.step()
          // While a sweep is under way, its slices take turns with as long a rest, and the next
          // look for changes comes no later than it would without the sweep.
          const left = this.options.pollMs - (Date.now() - started)
          if (this.sweepAt !== null) pause = Math.max(0, Math.min(left, this.sliceMs))
        } catch (error) {
          const failures = await this.failed(error)
          if (!(error instanceof ServiceError))
            console.error(`mirror ${this.database}: step failed:`, (error as Error).name)
          // Doubling pauses with a little jitter, so instances and databases do not retry in
          // step against a service that is failing.
          pause = Math.min(MAX_BACKOFF_MS, this.options.pollMs * 2 ** Math.min(failures, 16))
          pause = Math.round(pause * (0.8 + Math.random() * 0.4))
        }
        if (this.stopped) break
        await new Promise<void>((resolve) => {
          this.wake = resolve
          this.timer = setTimeout(resolve, pause)
        })
      }
    }
    this.running = loop()
  }

  /** Stops the loop after the step under way, and gives up the lease. */
  async stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.wake?.()
    await this.running
    this.running = null
    await this.storage
      .query(
        'UPDATE mirror_state SET lease_until = NULL, leader = NULL WHERE database = $1 AND leader = $2',
        [this.database, this.instanceId],
      )
      .catch(() => undefined)
  }
}
