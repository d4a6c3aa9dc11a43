import { describeError } from '@/components/errors/describe-error'
import { ApiError, NetworkError, outcomeUnknown } from '@/api/errors'
import type { BatchResult } from '@/api/schemas/batch-result'
import type { Event } from '@/api/schemas/event'
import { summarizeBatch, type BatchOutcome } from './batch-results'

/*
 * A bulk change to any number of events, sent with the service's batch endpoint
 * (`PUT /events-batch`) a batch at a time, a few batches in flight. Pure of React and of the
 * service: the caller says how to read the events of a batch (the event index), what to send for
 * each, and how to send a batch. Each event gets an outcome; a batch the service refuses as a
 * whole fails each of its events with the reason; a stop lets the batches in flight finish and
 * sends no more.
 */

/**
 * Events per `PUT /events-batch`. The service documents no limit (the sandbox takes 1,000; a
 * real service's body limit is unknown): 100 whole events stay under 1 MB even with the longest
 * texts the service stores. A 413 halves it (or takes the number the service names) for the
 * rest of the run.
 */
export const BULK_BATCH_SIZE = 100
/** Batches in flight at once. */
export const BULK_CONCURRENCY = 3

/** What to do with one event: send this version of it, skip it (already so), or fail it. */
export type BulkPlan = { send: Event } | { skip: true } | { fail: string }

export interface BulkRunOptions {
  /** The events to change, by ID, in the order to send them. */
  ids: readonly number[]
  /** The events of these IDs as they are now; one not returned fails as not found. */
  load: (ids: number[]) => Promise<Event[]>
  plan: (event: Event) => BulkPlan
  /** One `PUT /events-batch` of whole events: the service's per-item answers. */
  send: (events: Event[]) => Promise<BatchResult>
  /**
   * How to learn what became of a batch whose answer was lost (`outcomeUnknown`): the service
   * may have saved it all the same. Without it, such a batch's events fail with the error.
   */
  confirm?: ConfirmOptions
  onProgress?: (progress: BulkProgress) => void
  /** Aborted: no further batch starts (those in flight finish). */
  signal?: AbortSignal
  batchSize?: number
  concurrency?: number
}

export interface ConfirmOptions {
  /**
   * The service honours idempotency keys: the same batch (the same array, so the same key) is
   * sent again, and its answer, the first one replayed or a first save now, is the truth.
   */
  resend: boolean
  /** The events as the service holds them now (read from the service, not the index). */
  readBack: (ids: number[]) => Promise<Event[]>
  /** Whether an event read back holds what was sent of it. */
  landed: (sent: Event, current: Event) => boolean
  /** Pause before a resend (ms); default 1 s. */
  pauseMs?: number
}

/** Tries of a resend to confirm a batch, before reading its events back. */
const RESENDS = 2

export interface BulkProgress {
  /** Events dealt with so far (changed, skipped or failed), of `total`. */
  done: number
  total: number
  failed: number
}

export interface BulkRunResult {
  /** One per event sent or failed (skipped ones have none), in the order they were dealt with. */
  outcomes: BatchOutcome[]
  /** The events the service accepted, as they were sent. */
  succeeded: Event[]
  /** Events already as wanted: not sent. */
  skipped: number
  /** IDs not reached because the run was stopped. */
  notSent: number[]
  /**
   * Events whose fate is unknown: their batch's answer was lost and they could not be read back.
   * They may be changed in the service: an undo covers them.
   */
  unconfirmed: number[]
  stopped: boolean
}

const notFound = (id: number): BatchOutcome => ({
  eventId: id,
  subject: null,
  ok: false,
  status: 404,
  message: 'Not found: it may have been deleted.',
})

/** "A batch takes at most 1000 events": the service's own limit, when its 413 names one. */
const limitIn = (message: string) => {
  const m = /at most (\d+)/i.exec(message)
  return m ? Number(m[1]) : null
}

export async function runBulk({
  ids,
  load,
  plan,
  send,
  onProgress,
  signal,
  confirm,
  batchSize = BULK_BATCH_SIZE,
  concurrency = BULK_CONCURRENCY,
}: BulkRunOptions): Promise<BulkRunResult> {
  const total = ids.length
  const queue: number[][] = []
  for (let i = 0; i < ids.length; i += batchSize) queue.push(ids.slice(i, i + batchSize))
  let size = batchSize
  const outcomes: BatchOutcome[] = []
  const succeeded: Event[] = []
  const unconfirmed: number[] = []
  let skipped = 0
  let done = 0
  let failed = 0
  const report = () => onProgress?.({ done, total, failed })
  const record = (list: BatchOutcome[]) => {
    for (const o of list) {
      outcomes.push(o)
      if (!o.ok) failed++
    }
    done += list.length
  }

  /**
   * A batch whose answer was lost: sent again under the same key when the service honours keys,
   * else (or still no answer) each event read back. Saved, not saved, changed by someone else or,
   * when even the read fails, not confirmed: never "failed" for what may be saved.
   */
  async function settleLost(toSend: Event[], lost: unknown) {
    if (!confirm) return false
    if (confirm.resend)
      for (let i = 0; i < RESENDS; i++) {
        await new Promise((resolve) => setTimeout(resolve, confirm.pauseMs ?? 1000))
        try {
          const summary = summarizeBatch(toSend, await send(toSend))
          succeeded.push(...summary.succeeded)
          record(summary.outcomes)
          return true
        } catch (error) {
          if (!outcomeUnknown(error)) break
        }
      }
    let current: Map<number, Event>
    try {
      const read = await confirm.readBack(toSend.map((e) => e.event_ID))
      current = new Map(read.map((e) => [e.event_ID, e]))
    } catch {
      unconfirmed.push(...toSend.map((e) => e.event_ID))
      record(
        toSend.map((e) => ({
          eventId: e.event_ID,
          subject: e.subject ?? null,
          ok: false,
          unconfirmed: true,
          status: 0,
          message:
            'Not confirmed: the service’s answer was lost and the event could not be read back. Check it; Undo covers it.',
        })),
      )
      return true
    }
    const { title, message } = describeError(lost)
    const status = lost instanceof ApiError ? lost.status : 0
    record(
      toSend.map((sent): BatchOutcome => {
        const base = { eventId: sent.event_ID, subject: sent.subject ?? null }
        const now = current.get(sent.event_ID)
        if (!now) return notFound(sent.event_ID)
        if (now.update_Date !== sent.update_Date && confirm.landed(sent, now)) {
          succeeded.push(now)
          return {
            ...base,
            ok: true,
            status: 200,
            message: 'Saved (the answer was lost; confirmed by reading the event back).',
          }
        }
        if (now.update_Date === sent.update_Date) {
          // No answer at all (a reset, a timeout): the request may still be on its way to the
          // service, so unchanged now is not "not saved". A gateway's answer is.
          if (lost instanceof NetworkError) {
            unconfirmed.push(sent.event_ID)
            return {
              ...base,
              ok: false,
              unconfirmed: true,
              status: 0,
              message:
                'Not confirmed: no answer came, and the event reads unchanged for now; the change may still arrive. Check it; Undo covers it.',
            }
          }
          return { ...base, ok: false, status, message: `Not saved: ${title}. ${message}` }
        }
        return {
          ...base,
          ok: false,
          status: 409,
          message: `Changed by ${now.update_User ?? 'someone else'} meanwhile; this change was not saved.`,
        }
      }),
    )
    return true
  }

  async function batch(chunk: number[]) {
    let events: Event[]
    try {
      events = await load(chunk)
    } catch (error) {
      const { message } = describeError(error)
      record(chunk.map((eventId) => ({ eventId, subject: null, ok: false, status: 0, message })))
      return
    }
    const found = new Map(events.map((e) => [e.event_ID, e]))
    const toSend: Event[] = []
    const refused: BatchOutcome[] = []
    for (const id of chunk) {
      const event = found.get(id)
      if (!event) {
        refused.push(notFound(id))
        continue
      }
      const p = plan(event)
      if ('send' in p) toSend.push(p.send)
      else if ('fail' in p)
        refused.push({
          eventId: id,
          subject: event.subject ?? null,
          ok: false,
          status: 0,
          message: p.fail,
        })
      else {
        skipped++
        done++
      }
    }
    record(refused)
    if (toSend.length === 0) return
    try {
      const summary = summarizeBatch(toSend, await send(toSend))
      succeeded.push(...summary.succeeded)
      record(summary.outcomes)
    } catch (error) {
      if (error instanceof ApiError && error.status === 413 && toSend.length > 1) {
        // Too many for the service: smaller batches for this one and the rest (these events are
        // read again, so nothing is counted twice).
        size = Math.max(1, Math.min(limitIn(error.message) ?? size, Math.floor(toSend.length / 2)))
        const again = toSend.map((e) => e.event_ID)
        for (let i = again.length; i > 0; i -= size)
          queue.unshift(again.slice(Math.max(0, i - size), i))
        return
      }
      if (outcomeUnknown(error) && (await settleLost(toSend, error))) return
      const { title, message } = describeError(error)
      const status = error instanceof ApiError ? error.status : 0
      record(
        toSend.map((e) => ({
          eventId: e.event_ID,
          subject: e.subject ?? null,
          ok: false,
          status,
          message: `${title}. ${message}`,
        })),
      )
    }
  }

  /** Takes the next batch, re-cut to the current size (a 413 may have lowered it). */
  const next = () => {
    const chunk = queue.shift()
    if (!chunk || chunk.length <= size) return chunk
    queue.unshift(chunk.slice(size))
    return chunk.slice(0, size)
  }

  async function worker() {
    for (;;) {
      if (signal?.aborted) return
      const chunk = next()
      if (!chunk) return
      await batch(chunk)
      report()
    }
  }

  report()
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
  const notSent = queue.flat()
  return { outcomes, succeeded, skipped, notSent, unconfirmed, stopped: notSent.length > 0 }
}
