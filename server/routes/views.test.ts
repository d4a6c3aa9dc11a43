import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openStream, type TestService, startTestServer, type TestServer } from '../testing'
import { MAX_VIEW_NAME } from './views'

/*
 * Saved views kept by the server: the owner's alone to change or delete, seen by the group or
 * everyone they share it with and by nobody else, per database; bad input refused, nothing changed.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let running: TestServer
let service: TestService
let baseUrl: string

beforeAll(async () => {
  running = await startTestServer({ events: 5, load: false })
  ;({ service, baseUrl } = running)
})

afterAll(() => running?.close())

type View = {
  id: string
  name: string
  ownerId: string
  owned: boolean
  state: { sort: string; filters?: string }
  sharing: { with: string; groupId?: number }
}

async function call(user: string, method: string, path: string, body?: unknown, database = 'demo') {
  const response = await fetch(`${baseUrl}/console-api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await service.tokenOf(user, database)}`,
      'service-database': database,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  const json = (text ? JSON.parse(text) : {}) as { data?: never; error?: { detail: string } | null }
  return { status: response.status, data: json.data as never, detail: json.error?.detail ?? '' }
}

const state = {
  sort: 'dueDate:asc',
  size: 25,
  columns: ['subject', 'dueDate'],
  filters: 'pri=HIGH',
}
const namesOf = async (user: string) =>
  ((await call(user, 'GET', 'views')).data as { views: View[] }).views.map((v) => v.name)

describe('saved views', () => {
  it('shows a view shared with a group to its members only, and lets only its owner change it', async () => {
    const mine = await call('staff', 'POST', 'views', {
      name: ' Urgent first ',
      state,
      sharing: { with: 'none' },
    })
    expect(mine.status).toBe(201)
    const view = mine.data as View
    expect(view).toMatchObject({ name: 'Urgent first', ownerId: 'staff', owned: true, state })
    expect(await namesOf('support')).not.toContain('Urgent first')

    // Shared with Member services (3): staff and admin are in it, support is not.
    const stream = await openStream(`${baseUrl}/console-api/stream`, await service.tokenOf('admin'))
    await stream.next((m) => m.event === 'ready')
    const shared = await call('staff', 'PUT', `views/${view.id}`, {
      name: 'Urgent first',
      state,
      sharing: { with: 'group', groupId: 3 },
    })
    expect(shared.status).toBe(200)
    await stream.next(
      (m) => m.event === 'change' && (m.data as { kind: string }).kind === 'view',
      2_000,
    )
    await stream.close()
    const adminSees = ((await call('admin', 'GET', 'views')).data as { views: View[] }).views
    expect(adminSees.find((v) => v.id === view.id)).toMatchObject({
      owned: false,
      sharing: { with: 'group', groupId: 3 },
    })
    expect(await namesOf('support')).not.toContain('Urgent first')
    // In another database, nobody sees it, not even its owner.
    const elsewhere = await call('staff', 'GET', 'views', undefined, 'training')
    expect(elsewhere.status).toBe(200)
    expect((elsewhere.data as { views: View[] }).views).toEqual([])

    // Support, guessing the ID: as if it did not exist. Admin, who sees it: refused.
    expect((await call('support', 'DELETE', `views/${view.id}`)).status).toBe(404)
    const put = await call('admin', 'PUT', `views/${view.id}`, {
      name: 'Taken over',
      state,
      sharing: { with: 'everyone' },
    })
    expect(put.status).toBe(403)
    expect((await call('admin', 'DELETE', `views/${view.id}`)).status).toBe(403)
    expect(await namesOf('staff')).toContain('Urgent first')

    // Shared with everyone: support sees it now, and may copy it under their own name.
    await call('staff', 'PUT', `views/${view.id}`, {
      name: 'Urgent first',
      state,
      sharing: { with: 'everyone' },
    })
    expect(await namesOf('support')).toContain('Urgent first')
    const copy = await call('support', 'POST', 'views', {
      name: 'Urgent first',
      state,
      sharing: { with: 'none' },
    })
    expect(copy.status).toBe(201)

    // Its owner deletes it: gone for everyone; the copy stays.
    expect((await call('staff', 'DELETE', `views/${view.id}`)).status).toBe(204)
    expect(await namesOf('admin')).not.toContain('Urgent first')
    const supports = ((await call('support', 'GET', 'views')).data as { views: View[] }).views
    expect(supports.filter((v) => v.name === 'Urgent first')).toMatchObject([{ owned: true }])
  })

  it('refuses a group the owner is not in, a second view of the same name, and bad input', async () => {
    const notMine = await call('staff', 'POST', 'views', {
      name: 'For claims',
      state,
      sharing: { with: 'group', groupId: 2 },
    })
    expect(notMine.status).toBe(403)
    expect(await namesOf('staff')).not.toContain('For claims')

    expect(
      (await call('staff', 'POST', 'views', { name: 'Mine', state, sharing: { with: 'none' } }))
        .status,
    ).toBe(201)
    const twice = await call('staff', 'POST', 'views', {
      name: 'MINE',
      state,
      sharing: { with: 'none' },
    })
    expect(twice.status).toBe(409)
    expect(twice.detail).toMatch(/already have a view named/)

    const bad: [unknown, RegExp][] = [
      ['not json', /body/],
      [{ name: 'x', state }, /sharing/],
      [{ name: '', state, sharing: { with: 'none' } }, /name is empty/],
      [{ name: 'x'.repeat(MAX_VIEW_NAME + 1), state, sharing: { with: 'none' } }, /name is longer/],
      [{ name: 'a\u0007b', state, sharing: { with: 'none' } }, /control/],
      [{ name: 'x', state: { ...state, size: '25' }, sharing: { with: 'none' } }, /state\.size/],
      [{ name: 'x', state, sharing: { with: 'group' } }, /sharing/],
      [{ name: 'x', state, sharing: { with: 'none' }, owner: 'admin' }, /body|owner/],
      [
        { name: 'x', state: { ...state, filters: 'a'.repeat(5_000) }, sharing: { with: 'none' } },
        /filters/,
      ],
      [
        {
          name: 'x',
          state: { ...state, calendar: { big: 'a'.repeat(5_000) } },
          sharing: { with: 'none' },
        },
        /calendar/,
      ],
    ]
    for (const [body, detail] of bad) {
      const refused = await call('staff', 'POST', 'views', body)
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(refused.detail).toMatch(detail)
    }
    expect(
      (await call('staff', 'PUT', 'views/abc', { name: 'x', state, sharing: { with: 'none' } }))
        .status,
    ).toBe(400)
    expect(
      (await call('staff', 'PUT', 'views/999999', { name: 'x', state, sharing: { with: 'none' } }))
        .status,
    ).toBe(404)
    expect(await namesOf('staff')).toEqual(['Mine'])

    const huge = await fetch(`${baseUrl}/console-api/views`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await service.tokenOf('staff')}`,
        'service-database': 'demo',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'x', state: { ...state, filters: 'a'.repeat(300_000) } }),
    })
    expect(huge.status).toBe(413)
  })

  it('two renames to one name at once: one is made, the other told the name is taken', async () => {
    const make = async (name: string) =>
      (
        (await call('support', 'POST', 'views', { name, state, sharing: { with: 'none' } }))
          .data as View
      ).id
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await make(`First ${round}`), await make(`Second ${round}`)]
      const same = { name: `Same ${round}`, state, sharing: { with: 'none' } }
      const answers = await Promise.all([
        call('support', 'PUT', `views/${a}`, same),
        call('support', 'PUT', `views/${b}`, same),
      ])
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409])
      expect(answers.find((x) => x.status === 409)!.detail).toMatch(/already have a view named/)
    }
    const names = await namesOf('support')
    for (let round = 0; round < 5; round++)
      expect(names.filter((n) => n === `Same ${round}`)).toHaveLength(1)
  })

  it('refuses a caller without a session', async () => {
    const response = await fetch(`${baseUrl}/console-api/views`, {
      headers: { 'service-database': 'demo' },
    })
    expect(response.status).toBe(401)
  })
})
