import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import {
  isStorable,
  refuseUnstorable,
  REQUEST_MAX_DEPTH,
  storable,
  storableJson,
  unstorableIn,
} from './stored-text'

describe('text Postgres can store', () => {
  it('tells a NUL and half a character from whole text', () => {
    for (const text of ['', 'plain', 'José', 'emoji 😀 whole', '\uFFFD'])
      expect(isStorable(text), text).toBe(true)
    for (const text of ['a\u0000b', '\ud800', 'x\udc00', 'emoji 😀'.slice(0, -1), '\udc00\ud800'])
      expect(isStorable(text), JSON.stringify(text)).toBe(false)
    expect(storable('a\u0000b\ud800c 😀')).toBe('a\uFFFDb\uFFFDc 😀')
  })

  it('makes others’ records storable, keys and nested texts too', () => {
    const record = {
      subject: 'Call\u0000',
      notes: ['ok', 'half \ud83d'],
      ['k\u0000']: { deep: '\udc00' },
    }
    const json = storableJson(record)
    expect(JSON.parse(json)).toEqual({
      subject: 'Call\uFFFD',
      notes: ['ok', 'half \uFFFD'],
      ['k\uFFFD']: { deep: '\uFFFD' },
    })
    expect(storableJson({ plain: 1, list: [true, null] })).toBe('{"plain":1,"list":[true,null]}')
  })

  it('says where a request holds a NUL, and refuses nesting past the limit', () => {
    expect(unstorableIn({ filter: { text: 'fine', user: ['a', 'b\u0000'] } })).toBe(
      'filter.user.1 holds a NUL',
    )
    expect(unstorableIn({ ['bad\u0000']: 1 })).toMatch(/a name in body/)
    expect(unstorableIn({ a: [1, 'two', { three: 3 }], half: '\ud800' })).toBeNull()
    expect(unstorableIn('a\u0000')).toMatch(/NUL/)
    // 100,000 levels (a body of 200 kB) are walked without recursion and refused.
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown
    expect(unstorableIn(deep)).toMatch(new RegExp(`deeper than ${REQUEST_MAX_DEPTH}`))
    expect(unstorableIn({ a: { b: [[{ c: 'x\u0000' }]] } })).toBe('a.b.0.0.c holds a NUL')
  })

  it('answers such a request 400 before the route, and passes every other', async () => {
    const app = new Hono()
    app.use('*', refuseUnstorable)
    let reached = 0
    app.all('*', (c) => {
      reached++
      return c.json({ ok: true })
    })
    const post = (body: string, path = '/x') =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect((await post('{"ids":["1","2\\u0000"]}')).status).toBe(400)
    expect((await post('['.repeat(50_000) + ']'.repeat(50_000))).status).toBe(400)
    expect((await app.request('/presence/event/5?tab=a%00b')).status).toBe(400)
    expect(reached).toBe(0)
    // Whole text, half a character (sent on as U+FFFD), no body and a body that is no JSON
    // reach the route (which judges the last), as do escapes that are no UTF-8.
    expect((await post('{"subject":"José 😀","n":[1,2]}')).status).toBe(200)
    expect((await post('{"state":{"sort":"\\ud800"}}')).status).toBe(200)
    expect((await post('not json')).status).toBe(200)
    expect((await app.request('/health')).status).toBe(200)
    expect((await app.request('/notes/event/%ED%A0%80')).status).toBe(200)
    expect(reached).toBe(5)
  })
})
