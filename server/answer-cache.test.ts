import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatServiceDate, parseServiceDate } from '../src/api/schemas/common'
import { createAnswerCache, LARGE_ANSWERS_KEPT, LARGE_PATCH_MOST } from './answer-cache'
import { createConsoleServer, listen } from './server'
import { announce, listenForChanges } from './changes'
import {
  eventually,
  openTestStorage,
  storageKinds,
  startService,
  type TestService,
  type TestStorage,
} from './testing'

/*
 * Counts and facets kept between changes: a list's repeated questions are answered without a
 * scan, and never with a number from before a change, whether the change was written through
 * this server (its writer asks at once) or read from the service past the console.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let service: TestService
let t: TestStorage
let baseUrl: string
let server: Awaited<ReturnType<typeof createConsoleServer>>
let close: () => Promise<void>
let admin: string

beforeAll(async () => {
  service = await startService({ events: 80 })
  t = await openTestStorage('embedded')
  server = await createConsoleServer(service.config, { storage: t.storage, mirrors: false })
  await server.mirrors[0]!.firstLoad()
  const http = await listen(server, 0)
  baseUrl = http.baseUrl
  close = async () => {
    await http.close()
    await server.close()
  }
  admin = await service.tokenOf('admin')
})

afterAll(async () => {
  await close?.()
  await t?.close()
  await service?.close()
})

async function ask<T>(path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/console-api/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${admin}`,
      'service-database': 'demo',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: T }).data
}

/** An event written through the console server to the service: the answer's status. */
async function putThrough(event: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/events/${String(event.event_ID)}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${admin}`,
      'service-database': 'demo',
      'content-type': 'application/json',
    },
    body: JSON.stringify(event),
  })
  return response.status
}

type Facets = Record<string, [string | number, number][]>
const total = async (filter: object) =>
  (await ask<{ total: number }>('events/query', { filter, now: Date.now(), limit: 1 })).total
const statusCount = (facets: Facets, status: string) =>
  facets.statuses!.find(([value]) => value === status)?.[1] ?? 0

/**
 * A large answer's keeper whose patch appends the changed IDs to the answer, and the IDs of each
 * patch; with `holdFirst`, the first patch waits for `release`.
 */
function patchesSaid({ holdFirst }: { holdFirst: boolean }) {
  const patches: string[][] = []
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  const large = {
    keep: () => true,
    patch: async (value: string, ids: readonly string[]) => {
      patches.push([...ids])
      if (holdFirst && patches.length === 1) await held
      return `${value}+${ids.join('')}`
    },
  }
  return { patches, large, release, held }
}

describe('answers kept until the events change', () => {
  it('counts a write through the server in the writer’s very next question', async () => {
    const word = 'Quokkacache'
    expect(await total({ text: word })).toBe(0)
    const facets = await ask<Facets>('events/facets', {})
    const page = await ask<{ rows: Record<string, unknown>[] }>('events/query', {
      filter: { completed: false },
      now: Date.now(),
      limit: 1,
    })
    const event = page.rows[0]!
    const other = facets.statuses!.map(([s]) => String(s)).find((s) => s !== event.status)!
    expect(await putThrough({ ...event, subject: `${word} check`, status: other })).toBe(200)
    // No waiting: the answer kept before the write is gone when the write's answer arrives.
    expect(await total({ text: word })).toBe(1)
    const after = await ask<Facets>('events/facets', {})
    expect(statusCount(after, other)).toBe(statusCount(facets, other) + 1)
    expect(statusCount(after, String(event.status))).toBe(
      statusCount(facets, String(event.status)) - 1,
    )
  })

  it('counts a change made past the console once the server has read it', async () => {
    const word = 'Wombatcache'
    expect(await total({ text: word })).toBe(0)
    const page = await ask<{ rows: Record<string, unknown>[] }>('events/query', {
      filter: {},
      now: Date.now(),
      limit: 1,
      offset: 5,
    })
    const event = page.rows[0]!
    const r = await service.sandbox.call('PUT', `/events/${String(event.event_ID)}`, {
      token: admin,
      body: { ...event, subject: `${word} check` },
    })
    expect(r.status).toBe(200)
    await server.mirrors[0]!.pollChanges()
    await eventually(async () => (await total({ text: word })) === 1, 5000, 'the change counted')
  })

  it('answers a page asked again from the IDs kept, and a changed record or order at once', async () => {
    const bySubject = { filter: {}, sort: [{ field: 'subject', direction: 'asc' }], limit: 5 }
    const first = await ask<{ rows: Record<string, unknown>[] }>('events/query', {
      ...bySubject,
      now: Date.now(),
    })
    const again = await ask<{ rows: Record<string, unknown>[] }>('events/query', {
      ...bySubject,
      now: Date.now(),
    })
    expect(again.rows).toEqual(first.rows)
    // The last of the page is renamed to sort first: the next answer has it first, as renamed.
    const moved = first.rows[4]!
    expect(await putThrough({ ...moved, subject: '  Aardvark first' })).toBe(200)
    const after = await ask<{ rows: Record<string, unknown>[] }>('events/query', {
      ...bySubject,
      now: Date.now(),
    })
    expect(after.rows[0]).toMatchObject({ event_ID: moved.event_ID, subject: '  Aardvark first' })
    expect(after.rows.slice(1).map((r) => r.event_ID)).toEqual(
      first.rows.slice(0, 4).map((r) => r.event_ID),
    )
  })

  it('draws a calendar from the range’s facts kept, and a changed due date at once', async () => {
    const page = await ask<{ rows: Record<string, unknown>[] }>('events/query', {
      filter: { completed: false, due: { from: '2000-01-01T00:00:00' } },
      now: Date.now(),
      limit: 1,
    })
    const event = page.rows[0]!
    const due = parseServiceDate(String(event.due_Date))!
    const day = new Date(due.getFullYear(), due.getMonth(), due.getDate())
    const range = {
      from: formatServiceDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() - 3)),
      to: formatServiceDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() + 4)),
      now: Date.now(),
    }
    type Days = { days: { day: number; total: number }[] }
    const totalOn = (answer: Days, at: Date) =>
      answer.days.find((d) => d.day === at.getTime())?.total ?? 0
    const first = await ask<Days>('events/calendar', range)
    expect(await ask<Days>('events/calendar', range)).toEqual(first)
    // Moved to the next day through the console: the next month asked shows it there.
    const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)
    const moved = new Date(next.getTime() + (due.getTime() - day.getTime()))
    expect(await putThrough({ ...event, due_Date: formatServiceDate(moved) })).toBe(200)
    const after = await ask<Days>('events/calendar', range)
    expect(totalOn(after, day)).toBe(totalOn(first, day) - 1)
    expect(totalOn(after, next)).toBe(totalOn(first, next) + 1)
  })

  it('patches a range’s facts kept with the changed events alone, as a server asking afresh draws it', async () => {
    const day = new Date()
    const range = {
      from: formatServiceDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() - 60)),
      to: formatServiceDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() + 60)),
      now: Date.now(),
      perDay: 200,
    }
    type Digest = { days: { day: number; total: number }[]; placed: number; unplaced: number }
    const first = await ask<Digest>('events/calendar', range)
    const inRange = await ask<{ rows: Record<string, unknown>[] }>('events/query', {
      filter: { placed: { from: range.from, to: range.to, by: 'dates' } },
      now: Date.now(),
      limit: 4,
    })
    const [out, gone, renamed, dateless] = inRange.rows
    // One moved out of the range, one deleted, one renamed (kept in place), one left with no
    // date (counted among those without), one created in it, all through the console; and one
    // changed past it.
    expect(await putThrough({ ...out!, due_Date: '2099-01-01T09:00:00' })).toBe(200)
    expect(
      await putThrough({ ...dateless!, due_Date: null, start_Date: null, end_Date: null }),
    ).toBe(200)
    const headers = {
      authorization: `Bearer ${admin}`,
      'service-database': 'demo',
      'content-type': 'application/json',
    }
    const deleted = await fetch(`${baseUrl}/api/events/${String(gone!.event_ID)}`, {
      method: 'DELETE',
      headers,
    })
    expect(deleted.status).toBe(200)
    expect(await putThrough({ ...renamed!, subject: 'Renamed, same day' })).toBe(200)
    const { event_ID: _, ...copy } = renamed!
    const created = await fetch(`${baseUrl}/api/events`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...copy, subject: 'New in the range' }),
    })
    expect(created.status).toBe(200)
    const past = (
      await ask<{ rows: Record<string, unknown>[] }>('events/query', {
        filter: { placed: { from: range.from, to: range.to, by: 'dates' } },
        now: Date.now(),
        limit: 1,
        offset: 10,
      })
    ).rows[0]!
    const r = await service.sandbox.call('PUT', `/events/${String(past.event_ID)}`, {
      token: admin,
      body: { ...past, due_Date: '2098-06-01T09:00:00', next_Scheduled_Date: null },
    })
    expect(r.status).toBe(200)
    await server.mirrors[0]!.pollChanges()

    const fresh = await createConsoleServer(service.config, { storage: t.storage, mirrors: false })
    const freshHttp = await listen(fresh, 0)
    try {
      const askFresh = async () => {
        const response = await fetch(`${freshHttp.baseUrl}/console-api/events/calendar`, {
          method: 'POST',
          headers,
          body: JSON.stringify(range),
        })
        return ((await response.json()) as { data: Digest }).data
      }
      await eventually(
        async () =>
          JSON.stringify(await ask<Digest>('events/calendar', range)) ===
          JSON.stringify(await askFresh()),
        5000,
        'the patched range drawn as a fresh one',
      )
      const after = await ask<Digest>('events/calendar', range)
      expect(after).toEqual(await askFresh())
      // Three left the range and one came: the change is drawn, not the range of before.
      expect(after.placed).toBe(first.placed - 3)
      expect(after.unplaced).toBe(first.unplaced + 1)
    } finally {
      await freshHttp.close()
      await fresh.close()
    }
  })

  it('brings a large answer up to date with the IDs changed since, one patch at a time', async () => {
    const answers = createAnswerCache()
    let computed = 0
    // The first patch is held until a change is heard during it.
    const { patches, large, release } = patchesSaid({ holdFirst: true })
    const ask = () => answers.get('demo', 'range', async () => `v${++computed}`, 'event', large)
    expect(await ask()).toBe('v1')
    answers.changed([
      { database: 'demo', kind: 'event', id: '1' },
      { database: 'demo', kind: 'event', id: '2' },
    ])
    // Two questions at once: one patch; a change heard during it is patched by the next question.
    const during = [ask(), ask()]
    await new Promise((r) => setTimeout(r, 10))
    answers.changed([{ database: 'demo', kind: 'event', id: '3' }])
    release()
    const [a, b] = await Promise.all(during)
    expect(a).toBe('v1+12+3')
    expect(b).toBe('v1+12+3')
    expect(patches).toEqual([['1', '2'], ['3']])
    expect(await ask()).toBe('v1+12+3')
    expect(computed).toBe(1)
    // Auths changing leave it as it is.
    answers.changed([{ database: 'demo', kind: 'auth', id: 'A1' }])
    expect(await ask()).toBe('v1+12+3')
    expect(patches).toHaveLength(2)
  })

  it('keeps a large answer made across a change, with the IDs changed meanwhile to patch', async () => {
    const answers = createAnswerCache()
    let computed = 0
    const { patches, large, release, held } = patchesSaid({ holdFirst: false })
    const ask = () =>
      answers.get(
        'demo',
        'range',
        async () => {
          if (++computed === 1) await held
          return `v${computed}`
        },
        'event',
        large,
      )
    const making = ask()
    await new Promise((r) => setTimeout(r, 10))
    answers.changed([{ database: 'demo', kind: 'event', id: '9' }])
    release()
    expect(await making).toBe('v1')
    // A team at work changes events all the time: the range is kept, and patched with what changed.
    expect(await ask()).toBe('v1+9')
    expect(computed).toBe(1)
    expect(patches).toEqual([['9']])
  })

  it('makes a large answer again when its patch fails or too many events changed', async () => {
    const answers = createAnswerCache()
    let computed = 0
    let fail = true
    const large = {
      keep: () => true,
      patch: async (value: number) => {
        if (fail) throw new Error('the patch could not be read')
        return value + 0.5
      },
    }
    const ask = () => answers.get('demo', 'range', async () => ++computed, 'event', large)
    expect(await ask()).toBe(1)
    answers.changed([{ database: 'demo', kind: 'event', id: '7' }])
    expect(await ask()).toBe(2)
    fail = false
    answers.changed([{ database: 'demo', kind: 'event', id: '7' }])
    expect(await ask()).toBe(2.5)
    answers.changed(
      Array.from({ length: LARGE_PATCH_MOST + 1 }, (_, i) => ({
        database: 'demo',
        kind: 'event' as const,
        id: String(i),
      })),
    )
    expect(await ask()).toBe(3)
  })

  it('keeps only the few most recent large answers, and none its keeper refuses', async () => {
    const answers = createAnswerCache()
    let n = 0
    const large = { keep: (v: number) => v !== 0 }
    const ask = (key: string, value?: number) =>
      answers.get('demo', key, async () => value ?? ++n, 'event', large)
    expect(await ask('refused', 0)).toBe(0)
    expect(await ask('refused', 5)).toBe(5)
    for (let i = 0; i <= LARGE_ANSWERS_KEPT; i++) await ask(`k${i}`)
    // The first of LARGE_ANSWERS_KEPT + 1 has left; the others are kept.
    const before = n
    await ask(`k${LARGE_ANSWERS_KEPT}`)
    expect(n).toBe(before)
    await ask('k0')
    expect(n).toBe(before + 1)
    // Small answers are kept apart from them.
    expect(await answers.get('demo', 'small', async () => 'a')).toBe('a')
    expect(await answers.get('demo', 'small', async () => 'b')).toBe('a')
  })

  it('keeps no answer computed across a change, and empties only the database changed', async () => {
    const answers = createAnswerCache()
    let n = 0
    let release!: () => void
    const slow = answers.get('demo', 'k', async () => {
      await new Promise<void>((r) => (release = r))
      return ++n
    })
    // The question is being computed when the change comes.
    await new Promise((r) => setTimeout(r, 10))
    answers.changed([{ database: 'demo', kind: 'event', id: '1' }])
    release()
    expect(await slow).toBe(1)
    // Computed across the change: asked again, it is computed again.
    expect(await answers.get('demo', 'k', async () => ++n)).toBe(2)
    expect(await answers.get('demo', 'k', async () => ++n)).toBe(2)
    expect(await answers.get('other', 'k', async () => 10)).toBe(10)
    answers.changed([{ database: 'demo', kind: 'auth', id: '1' }])
    expect(await answers.get('demo', 'k', async () => ++n)).toBe(2)
    answers.changed([{ database: 'demo', kind: 'event', id: '1' }])
    expect(await answers.get('demo', 'k', async () => ++n)).toBe(3)
    expect(await answers.get('other', 'k', async () => 11)).toBe(10)
  })
})

describe('answers asked while they are made', () => {
  /** A question whose computation waits for `release`, counting how many times it ran. */
  function held() {
    let runs = 0
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const compute = async () => {
      const run = ++runs
      await gate
      return `answer ${run}`
    }
    return { compute, release, runs: () => runs }
  }
  const large = { keep: () => true, patch: async (v: string) => v }

  it('share the one under way: a team asking at once reads it once', async () => {
    const answers = createAnswerCache()
    for (const kind of ['small', 'large'] as const) {
      const q = held()
      const ask = () =>
        answers.get('demo', kind, q.compute, 'event', kind === 'large' ? large : undefined)
      const asked = [ask(), ask(), ask()]
      await new Promise((r) => setTimeout(r, 10))
      q.release()
      expect(await Promise.all(asked)).toEqual(['answer 1', 'answer 1', 'answer 1'])
      expect(q.runs()).toBe(1)
    }
  })

  it('are made again when asked after a change the one under way began before', async () => {
    const answers = createAnswerCache()
    for (const kind of ['small', 'large'] as const) {
      const q = held()
      const ask = () =>
        answers.get('demo', kind, q.compute, 'event', kind === 'large' ? large : undefined)
      const first = ask()
      await new Promise((r) => setTimeout(r, 10))
      answers.changed([{ database: 'demo', kind: 'event', id: '1' }])
      // The writer's next question does not receive the answer begun before its write.
      const after = ask()
      q.release()
      expect(await first).toBe('answer 1')
      expect(await after).toBe('answer 2')
      expect(q.runs()).toBe(2)
    }
  })

  it('share a failure with those waiting, and the next question asks again', async () => {
    const answers = createAnswerCache()
    let runs = 0
    let fail!: (e: Error) => void
    const compute = () =>
      ++runs === 1 ? new Promise<string>((_, reject) => (fail = reject)) : Promise.resolve('ok')
    const asked = [answers.get('demo', 'k', compute), answers.get('demo', 'k', compute)]
    await new Promise((r) => setTimeout(r, 10))
    fail(new Error('Postgres went away'))
    for (const a of asked) await expect(a).rejects.toThrow('Postgres went away')
    expect(await answers.get('demo', 'k', compute)).toBe('ok')
    expect(runs).toBe(2)
  })
})

describe('answers during the first load', () => {
  it('are not kept until the database is loaded: the load announces nothing', async () => {
    let loaded = false
    const answers = createAnswerCache(undefined, async () => loaded)
    let n = 0
    expect(await answers.get('demo', 'k', async () => ++n)).toBe(1)
    expect(await answers.get('demo', 'k', async () => ++n)).toBe(2)
    loaded = true
    expect(await answers.get('demo', 'k', async () => ++n)).toBe(3)
    expect(await answers.get('demo', 'k', async () => ++n)).toBe(3)
  })
})

describe.each(storageKinds.filter((k) => k === 'postgres'))('a cut change feed (%s)', (kind) => {
  it('leaves nothing kept: changes may have gone unheard while Postgres was out of reach', async () => {
    const storage = await openTestStorage(kind)
    const feed = await listenForChanges(storage.storage)
    const answers = createAnswerCache(feed)
    try {
      let n = 0
      const patch = { keep: () => true, patch: async (v: number) => v }
      const small = () => answers.get('demo', 'count', async () => ++n)
      const large = () => answers.get('demo', 'range', async () => ++n, 'event', patch)
      expect([await small(), await large()]).toEqual([1, 2])
      expect([await small(), await large()]).toEqual([1, 2])
      // The connection that listens is ended from the server's side; it is made again.
      const { rows } = await storage.storage.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      )
      expect(rows.some((r) => r.ended)).toBe(true)
      await eventually(async () => (await small()) !== 1, 10_000, 'the kept count made again')
      expect(await large()).toBeGreaterThan(2)
      // Listening again, a change is heard as before.
      const kept = await small()
      expect(await small()).toBe(kept)
      await storage.storage.transaction((tx) =>
        announce(tx, [
          { database: 'demo', kind: 'event', id: '1', update_Date: null, op: 'upsert' },
        ]),
      )
      await eventually(async () => (await small()) !== kept, 5_000, 'the change heard')
    } finally {
      answers.close()
      await feed.close()
      await storage.close()
    }
  })
})
