import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openStream, type TestService, startTestServer, type TestServer } from '../testing'
import { mentionsIn } from './notes'

/*
 * Internal notes: kept by the server, a mention reaching the named user (their list, and the
 * stream at once), changed by their author only and only for 15 minutes; bad input refused.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let running: TestServer
let service: TestService
let baseUrl: string
let storage: TestServer['storage']

beforeAll(async () => {
  running = await startTestServer({ events: 20, load: true })
  ;({ service, baseUrl, storage } = running)
})

afterAll(() => running?.close())

type Note = { id: number; authorId: string; body: string; mentions: string[]; editable: boolean }

async function call(user: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/console-api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await service.tokenOf(user)}`,
      'service-database': 'demo',
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const json = (await response.json()) as { data: never; error: { detail: string } | null }
  return { status: response.status, data: json.data, detail: json.error?.detail ?? '' }
}

describe('notes', () => {
  it('finds the users a note names', () => {
    expect(mentionsIn('@support please call, cc @pat.lee and @support; not a@b.com')).toEqual([
      'support',
      'pat.lee',
    ])
  })

  it('keeps a note, tells the one it names at once, and lets only its author change it', async () => {
    const stream = await openStream(
      `${baseUrl}/console-api/stream`,
      await service.tokenOf('support'),
    )
    await stream.next((m) => m.event === 'ready')
    const posted = await call('staff', 'POST', 'notes/event/5', {
      body: '  Called the member; @support can you check the auth?  ',
    })
    expect(posted.status).toBe(201)
    const note = posted.data as Note
    expect(note).toMatchObject({
      authorId: 'staff',
      body: 'Called the member; @support can you check the auth?',
      mentions: ['support'],
      editable: true,
    })
    await stream.next(
      (m) => m.event === 'change' && (m.data as { kind: string }).kind === 'note',
      2_000,
    )
    await stream.close()

    const mentions = (await call('support', 'GET', 'notes/mentions')).data as { notes: Note[] }
    expect(mentions.notes.map((n) => n.id)).toContain(note.id)
    const list = (await call('support', 'GET', 'notes/event/5')).data as { notes: Note[] }
    expect(list.notes[0]).toMatchObject({ id: note.id, editable: false })
    const counts = (await call('admin', 'POST', 'notes/counts', { kind: 'event', ids: ['5', '6'] }))
      .data as { counts: Record<string, number> }
    expect(counts.counts).toEqual({ '5': 1 })

    // Another user, by guessing the ID: refused, nothing changed.
    const theirs = await call('support', 'PATCH', `notes/${note.id}`, { body: 'Rewritten' })
    expect(theirs.status).toBe(403)
    expect(
      (await call('staff', 'PATCH', `notes/${note.id}`, { body: 'Fixed a typo' })).status,
    ).toBe(200)
    // Fixed once 15 minutes have passed.
    await storage.query(
      `UPDATE notes SET created_at = now() - interval '16 minutes' WHERE id = $1`,
      [note.id],
    )
    const late = await call('staff', 'PATCH', `notes/${note.id}`, { body: 'Too late' })
    expect(late.status).toBe(409)
    const kept = (await call('staff', 'GET', 'notes/event/5')).data as { notes: Note[] }
    expect(kept.notes[0]!.body).toBe('Fixed a typo')
    // The record's history is its own changes, not its notes.
    const history = (await call('admin', 'GET', 'history/event/5')).data as { changes: unknown[] }
    expect(history.changes).toEqual([])
  })

  it('two edits begun from the same text at once: one is kept, the other refused, not lost', async () => {
    const posted = await call('staff', 'POST', 'notes/event/7', { body: 'Asked for the letter' })
    const note = posted.data as Note
    const edits = await Promise.all(
      ['Asked for the letter; sent', 'Asked for the letter twice'].map((body) =>
        call('staff', 'PATCH', `notes/${note.id}`, { body, was: note.body }),
      ),
    )
    expect(edits.map((e) => e.status).sort()).toEqual([200, 409])
    expect(edits.find((e) => e.status === 409)!.detail).toMatch(/changed since you began/)
    const kept = (edits.find((e) => e.status === 200)!.data as Note).body
    const list = (await call('staff', 'GET', 'notes/event/7')).data as { notes: Note[] }
    expect(list.notes.find((n) => n.id === note.id)!.body).toBe(kept)
    // Begun from the text it holds now: kept.
    const next = await call('staff', 'PATCH', `notes/${note.id}`, { body: 'Done', was: kept })
    expect(next.status).toBe(200)
  })

  it('refuses bad input with a clear 4xx and keeps nothing', async () => {
    const before = (await call('staff', 'GET', 'notes/event/6')).data as { notes: Note[] }
    const cases: [string, string, unknown, number, RegExp][] = [
      ['POST', 'notes/event/6', { body: '   ' }, 400, /body is empty/],
      ['POST', 'notes/event/6', { body: 'x'.repeat(4_001) }, 400, /longer than 4000/],
      ['POST', 'notes/event/6', { body: 'bell\u0007' }, 400, /control characters/],
      ['POST', 'notes/event/6', { body: 42 }, 400, /body/],
      ['POST', 'notes/event/6', { body: 'ok', extra: true }, 400, /body/],
      ['POST', 'notes/event/6', 'not json', 400, /body/],
      ['POST', 'notes/claim/6', { body: 'ok' }, 400, /event or auth/],
      ['POST', 'notes/event/abc', { body: 'ok' }, 400, /not an event ID/],
      ['PATCH', 'notes/999999', { body: 'ok' }, 404, /no such note/],
      ['PATCH', 'notes/abc', { body: 'ok' }, 400, /not a note ID/],
      ['POST', 'notes/counts', { kind: 'event', ids: 'all' }, 400, /ids/],
      ['POST', 'notes/event/6', { body: 'y'.repeat(300_000) }, 413, /256 kB/],
      ['POST', 'notes/event/6', { body: 'ok', key: 'short' }, 400, /key is 8 to 64/],
    ]
    for (const [method, path, body, status, detail] of cases) {
      const r = await call('staff', method, path, body)
      expect(r.status, `${method} ${path}`).toBe(status)
      expect(r.detail, `${method} ${path}`).toMatch(detail)
    }
    const after = (await call('staff', 'GET', 'notes/event/6')).data as { notes: Note[] }
    expect(after.notes).toEqual(before.notes)
  })

  it('keeps a note sent twice with its key once (its first answer lost)', async () => {
    const key = `form-${Date.now().toString(36)}`
    const first = await call('staff', 'POST', 'notes/event/7', { body: 'Faxed the form.', key })
    expect(first.status).toBe(201)
    const again = await call('staff', 'POST', 'notes/event/7', { body: 'Faxed the form.', key })
    expect(again.status).toBe(200)
    expect((again.data as Note).id).toBe((first.data as Note).id)
    const list = (await call('staff', 'GET', 'notes/event/7')).data as { notes: Note[] }
    expect(list.notes.filter((n) => n.body === 'Faxed the form.')).toHaveLength(1)
    // The same key with another note is refused; another author's key is their own.
    expect((await call('staff', 'POST', 'notes/event/7', { body: 'Other.', key })).status).toBe(409)
    expect((await call('support', 'POST', 'notes/event/7', { body: 'Mine.', key })).status).toBe(
      201,
    )
  })
})
