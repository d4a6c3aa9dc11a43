// runBulk against the real sandbox service through its fetch (no network, no mocks): the events
// are read into an event index, as the list's worker holds them, and every batch is a real
// `PUT /events-batch`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '@/api/client'
import { getEvent, listEvents, updateEvent } from '@/api/events'
import { batchEvents } from '@/api/events-batch'
import type { Event } from '@/api/schemas/event'
import { setIdempotencyKeys } from '@/api/idempotency'
import { lossyFetch, type Loss } from '@/test/lossy-fetch'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { createEventIndex, type EventIndex } from '../../index/event-index'
import { applyAction, fieldsOf, holds, type BulkAction } from './bulk-changes'
import { runBulk, type BulkProgress } from './bulk-run'

let service: InProcessSandbox
let api: ApiClient
let index: EventIndex

beforeAll(async () => {
  service = startInProcessSandbox('bulk-run', { events: 1600 })
  api = await service.clientFor('staff')
})
afterAll(() => service.close())

/** Every event read afresh into an index (each test starts from the service's versions). */
async function readAll() {
  index = createEventIndex({ priorityOrder: [], completedStatus: 'Completed' })
  for (let page = 1; ; page++) {
    const { records } = await listEvents(api, { page, pageSize: 1000, sortBy: 'event_ID:asc' })
    index.upsert(records)
    if (records.length < 1000) break
  }
  return index
}
const load = async (ids: number[]) => index.events(ids)
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)

/** The real batch call, recording each batch's size and how many were in flight at once. */
function recordingSend() {
  const sizes: number[] = []
  let inFlight = 0
  let most = 0
  const send = async (events: Event[]) => {
    sizes.push(events.length)
    most = Math.max(most, ++inFlight)
    try {
      return await batchEvents(api, events)
    } finally {
      inFlight--
    }
  }
  return { send, sizes, most: () => most }
}

const priority = (p: string): BulkAction => ({ kind: 'priority', priority: p, label: p })

describe('runBulk', () => {
  it('changes every event in batches of the given size, a few in flight, reporting progress', async () => {
    await readAll()
    const target = ids(1, 250)
    const action = priority('LOW')
    const { send, sizes, most } = recordingSend()
    const progress: BulkProgress[] = []
    const result = await runBulk({
      ids: target,
      load,
      plan: (e) => (e.priority === 'LOW' ? { skip: true } : { send: applyAction(e, action) }),
      send,
      onProgress: (p) => progress.push(p),
      batchSize: 40,
      concurrency: 3,
    })
    // Each batch at most 40 (fewer when some of its events needed no change), at most 3 at once.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(40)
    expect(sizes.length).toBeGreaterThanOrEqual(Math.ceil((250 - result.skipped) / 40))
    expect(most()).toBeGreaterThan(1)
    expect(most()).toBeLessThanOrEqual(3)
    expect(result.stopped).toBe(false)
    expect(result.outcomes.every((o) => o.ok)).toBe(true)
    expect(result.succeeded.length + result.skipped).toBe(250)
    expect(progress.at(-1)).toEqual({ done: 250, total: 250, failed: 0 })
    // Progress only grows.
    expect(progress.map((p) => p.done)).toEqual(
      [...progress.map((p) => p.done)].sort((a, b) => a - b),
    )
    for (const id of [1, 125, 250]) expect((await getEvent(api, id)).priority).toBe('LOW')
  })

  it('reports each event the service refused, and those it cannot find, and goes on', async () => {
    await readAll()
    const action = priority('HIGH')
    const result = await runBulk({
      ids: [...ids(300, 10), 999_999],
      load,
      // One carries an impossible date: the service refuses that item alone.
      plan: (e) => ({
        send: {
          ...applyAction(e, action),
          ...(e.event_ID === 304 ? { due_Date: '2026-02-30T09:00:00' } : {}),
        },
      }),
      send: (events) => batchEvents(api, events),
      batchSize: 4,
    })
    const failed = result.outcomes.filter((o) => !o.ok)
    expect(failed.map((o) => [o.eventId, o.status])).toEqual(
      expect.arrayContaining([
        [304, 400],
        [999_999, 404],
      ]),
    )
    expect(failed).toHaveLength(2)
    expect(result.succeeded).toHaveLength(9)
    expect((await getEvent(api, 304)).priority).not.toBe('HIGH')
    expect((await getEvent(api, 305)).priority).toBe('HIGH')
  })

  it('a 409 for an event someone changed since it was read is reported, not overwritten', async () => {
    await readAll()
    // Someone else edits event 400 after the index read it.
    const theirs = await getEvent(api, 400)
    const admin = await service.clientFor('admin')
    await updateEvent(admin, { ...theirs, subject: 'Edited elsewhere' })
    const action = priority('URGENT')
    const result = await runBulk({
      ids: [399, 400, 401],
      load,
      plan: (e) => ({ send: applyAction(e, action) }),
      send: (events) => batchEvents(api, events),
    })
    expect(result.outcomes.find((o) => o.eventId === 400)).toMatchObject({ ok: false, status: 409 })
    const now = await getEvent(api, 400)
    expect([now.subject, now.priority]).toEqual(['Edited elsewhere', theirs.priority])
    expect((await getEvent(api, 401)).priority).toBe('URGENT')
  })

  it('stops: the batches in flight finish, no more are sent, the rest are listed as not sent', async () => {
    await readAll()
    const controller = new AbortController()
    const action = priority('NORMAL')
    const result = await runBulk({
      ids: ids(500, 50),
      load,
      plan: (e) => ({ send: applyAction(e, action) }),
      send: (events) => batchEvents(api, events),
      onProgress: (p) => {
        if (p.done >= 10) controller.abort()
      },
      signal: controller.signal,
      batchSize: 10,
      concurrency: 1,
    })
    expect(result.stopped).toBe(true)
    expect(result.outcomes).toHaveLength(10)
    expect(result.notSent).toEqual(ids(510, 40))
  })

  it('a batch the service finds too large is sent again in the size it names', async () => {
    await readAll()
    const { send, sizes } = recordingSend()
    const action = priority('LOW')
    const result = await runBulk({
      ids: ids(1, 1500),
      load,
      plan: (e) => ({ send: applyAction({ ...e, priority: null }, action) }),
      send,
      batchSize: 1500,
      concurrency: 1,
    })
    // 1,500 is refused (413: "at most 1000"), then sent as halves under that limit.
    expect(sizes).toEqual([1500, 750, 750])
    expect(result.outcomes).toHaveLength(1500)
    expect(result.outcomes.every((o) => o.ok)).toBe(true)
  })
})

describe('runBulk, when an answer is lost on the way back', () => {
  /** A client whose second batch call meets `loss`; reads pass unless `readsFail`. */
  async function lossyClient(loss: Loss, readsFail = false) {
    const link = lossyFetch(service.fetch, ({ method, path, nth }) =>
      method === 'PUT' && path === '/events-batch' && nth === 1
        ? loss
        : readsFail && method === 'GET' && path.startsWith('/events/')
          ? 'reset-after'
          : null,
    )
    return { client: await service.clientFor('staff', link.fetch), link }
  }
  const confirmFor = (client: ApiClient, action: BulkAction, resend = false) => ({
    resend,
    pauseMs: 1,
    readBack: (wanted: number[]) => Promise.all(wanted.map((id) => getEvent(client, id))),
    landed: (sent: Event, current: Event) => holds(current, fieldsOf(sent, action)),
  })

  /** Sets the priority of `target` through `client`, a batch of 10 at a time, one in flight. */
  const setPriority = (target: number[], p: string, client: ApiClient, resend = false) => {
    const action = priority(p)
    return runBulk({
      ids: target,
      load,
      plan: (e) => (e.priority === p ? { skip: true } : { send: applyAction(e, action) }),
      send: (events) => batchEvents(client, events),
      confirm: confirmFor(client, action, resend),
      batchSize: 10,
      concurrency: 1,
    })
  }

  it('a 504 after the service saved: read back, every event reported as saved', async () => {
    await readAll()
    const target = ids(600, 30)
    const { client, link } = await lossyClient('gateway-after')
    const result = await setPriority(target, 'URGENT', client)
    expect(link.counts.lost).toBe(1)
    expect(result.outcomes.filter((o) => !o.ok)).toEqual([])
    expect(result.unconfirmed).toEqual([])
    expect(result.succeeded.length + result.skipped).toBe(30)
    // Undo's list (the succeeded events) holds every event changed in the service.
    for (const id of target) expect((await getEvent(api, id)).priority).toBe('URGENT')
    const changedInService = new Set(result.succeeded.map((e) => e.event_ID))
    expect(changedInService.size).toBe(result.succeeded.length)
  })

  it('a connection reset with keys honoured: sent again under its key, saved once', async () => {
    setIdempotencyKeys(true)
    try {
      await readAll()
      const target = ids(640, 30)
      const { client, link } = await lossyClient('reset-after')
      const result = await setPriority(target, 'HIGH', client, true)
      expect(link.counts.lost).toBe(1)
      // The resend was answered with the first answer, replayed: no 409 for a version it moved.
      expect(result.outcomes.filter((o) => !o.ok)).toEqual([])
      expect(result.succeeded.length + result.skipped).toBe(30)
      for (const id of target) expect((await getEvent(api, id)).priority).toBe('HIGH')
    } finally {
      setIdempotencyKeys(false)
    }
  })

  it('a 504 before the service saw it: read back unchanged, reported as not saved', async () => {
    await readAll()
    const target = ids(680, 30)
    const { client } = await lossyClient('gateway-before')
    const result = await setPriority(target, 'URGENT', client)
    const failed = result.outcomes.filter((o) => !o.ok)
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.every((o) => o.message.startsWith('Not saved'))).toBe(true)
    expect(result.unconfirmed).toEqual([])
    for (const o of failed) expect((await getEvent(api, o.eventId)).priority).not.toBe('URGENT')
  })

  it('when the events cannot be read back either: not confirmed, never failed', async () => {
    await readAll()
    const target = ids(720, 30)
    const { client } = await lossyClient('reset-after', true)
    const result = await setPriority(target, 'NORMAL', client)
    const notOk = result.outcomes.filter((o) => !o.ok)
    expect(notOk.length).toBeGreaterThan(0)
    expect(notOk.every((o) => o.unconfirmed)).toBe(true)
    expect(result.unconfirmed).toEqual(notOk.map((o) => o.eventId))
    // They were saved in fact: Undo, which covers them, has them to put back.
    for (const id of result.unconfirmed) expect((await getEvent(api, id)).priority).toBe('NORMAL')
  })

  it('no answer and unchanged on reading back: not confirmed (it may still arrive), not "not saved"', async () => {
    await readAll()
    const target = ids(760, 30)
    const { client } = await lossyClient('reset-before')
    const result = await setPriority(target, 'URGENT', client)
    const notOk = result.outcomes.filter((o) => !o.ok)
    expect(notOk.length).toBeGreaterThan(0)
    expect(notOk.every((o) => o.unconfirmed && !o.message.startsWith('Not saved'))).toBe(true)
    expect(result.unconfirmed).toEqual(notOk.map((o) => o.eventId))
  })
})
