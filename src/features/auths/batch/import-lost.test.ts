// An import batch whose answer is lost on the way back, against the real sandbox service through a
// faulty link (src/test/lossy-fetch.ts): no record twice, and every row's fate found out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '@/api/client'
import { getAuth, upsertAuths } from '@/api/auths'
import { setIdempotencyKeys } from '@/api/idempotency'
import type { Auth } from '@/api/schemas/auth'
import { lossyFetch, type Loss } from '@/test/lossy-fetch'
import { demoAuth } from '../../../../sandbox/testing'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { toSendItem } from './import-rows'
import { isResultOk, NOT_CONFIRMED, settleLostBatch, type SentRow } from './import-send'

let service: InProcessSandbox
let api: ApiClient

beforeAll(async () => {
  service = startInProcessSandbox('import-lost')
  api = await service.clientFor('support')
})
afterAll(() => service.close())
afterEach(() => setIdempotencyKeys(false))

/** A new auth as a file's row gives it (the flags left to `toSendItem`), received yesterday. */
const newRow = (notes: string): Record<string, unknown> => {
  const {
    closed: _c,
    new_Or_Extended: _n,
    previous_Treatment: _p,
    tPlan_DownLoaded: _d,
    tPlan_Printed: _t,
    urgent: _u,
    ...row
  } = demoAuth({
    notes,
    subscriber_ID: '100240009',
    requested_Thru: '2026-04-30',
    received_Date: '2026-03-01T09:00:00',
  })
  return row
}

const countNoted = (notes: string) =>
  (
    service.sandbox.context
      .business('demo')
      .prepare('SELECT COUNT(*) AS n FROM auths WHERE notes = ?')
      .get(notes) as { n: number }
  ).n

/** Two new rows and two updates of existing auths, as the import sends them. */
async function rows(tag: string, updates: string[]): Promise<SentRow[]> {
  const out: SentRow[] = [0, 1].map((i) => {
    const rowAuth = newRow(`${tag} new`)
    return { index: i + 1, rowAuth, auth: toSendItem(rowAuth, undefined) }
  })
  for (const [i, number] of updates.entries()) {
    const existing = await getAuth(api, number)
    const rowAuth = { auth_Number: number, notes: `${tag} update` }
    out.push({ index: i + 3, rowAuth, auth: toSendItem(rowAuth, existing) })
  }
  return out
}

/** Sends the rows once through a link that loses the first batch call as `loss`. */
async function sendLost(sentRows: SentRow[], loss: Loss) {
  const link = lossyFetch(service.fetch, ({ method, path, nth }) =>
    method === 'PUT' && path === '/auths' && nth === 0 ? loss : null,
  )
  const client = await service.clientFor('support', link.fetch)
  const body = sentRows.map((r) => r.auth)
  const error = await upsertAuths(client, body).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error, 'the first answer is lost').not.toBeNull()
  return { client, body, error }
}

describe('an import batch whose answer was lost', () => {
  it('keys honoured, connection reset after saving: sent again, created once, every row known', async () => {
    setIdempotencyKeys(true)
    const sent = await rows('Lost A', ['26-000001', '26-000002'])
    const { client, body, error } = await sendLost(sent, 'reset-after')
    const results = await settleLostBatch(sent, error, {
      resend: () => upsertAuths(client, body),
      readAuth: (n) => getAuth(client, n),
      pauseMs: 1,
    })
    expect([...results.values()].map((r) => r.status)).toEqual([201, 201, 200, 200])
    expect(countNoted('Lost A new')).toBe(2)
    expect(countNoted('Lost A update')).toBe(2)
    const numbers = [...results.values()].slice(0, 2).map((r) => r.authNumber)
    for (const n of numbers) expect((await getAuth(api, n!)).notes).toBe('Lost A new')
  })

  it('keys not honoured, 504 after saving: updates confirmed by reading back, new rows not confirmed', async () => {
    const sent = await rows('Lost B', ['26-000003', '26-000004'])
    const { client, error } = await sendLost(sent, 'gateway-after')
    const results = await settleLostBatch(sent, error, {
      readAuth: (n) => getAuth(client, n),
      pauseMs: 1,
    })
    const [a, b, c, d] = [...results.values()]
    expect([a?.status, b?.status]).toEqual([NOT_CONFIRMED, NOT_CONFIRMED])
    expect(a?.body).toMatch(/^Not confirmed/)
    expect([c?.status, d?.status]).toEqual([200, 200])
    expect(isResultOk(c)).toBe(true)
    // Nothing was sent again: the service holds each new auth once.
    expect(countNoted('Lost B new')).toBe(2)
  })

  it('a 504 before the service saw it: updates read back unchanged are "Not saved"', async () => {
    const sent = await rows('Lost C', ['26-000005'])
    const { client, error } = await sendLost(sent, 'gateway-before')
    const results = await settleLostBatch(sent, error, {
      readAuth: (n) => getAuth(client, n),
      pauseMs: 1,
    })
    const update = results.get(3)
    expect(update?.status).toBe(504)
    expect(update?.body).toMatch(/^Not saved/)
    expect(results.get(1)?.status).toBe(NOT_CONFIRMED)
    expect(countNoted('Lost C new')).toBe(0)
    expect(countNoted('Lost C update')).toBe(0)
  })

  it('an update someone else made meanwhile is theirs, reported as a conflict', async () => {
    const sent = await rows('Lost D', ['26-000006'])
    const { client, error } = await sendLost(sent, 'gateway-before')
    const admin = await service.clientFor('admin')
    const theirs: Auth = await getAuth(admin, '26-000006')
    await upsertAuths(admin, [{ ...theirs, notes: 'Alex was here' }])
    const results = await settleLostBatch(sent, error, {
      readAuth: (n) => getAuth(client, n),
      pauseMs: 1,
    })
    expect(results.get(3)).toMatchObject({ status: 409 })
    expect(results.get(3)?.body).toMatch(/^Changed by admin meanwhile/)
  })
})
