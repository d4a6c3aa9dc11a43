import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApiClient, type Connection, type Operation } from './client'
import { ApiError, NetworkError, ResponseShapeError, ServiceError } from './errors'
import { getEvent, listEvents, snoozeEvent } from './events'
import { getLookup } from './lookups'
import { logout, signIn } from './session'

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-token-value.sig'
const API_KEY = 'api-key-7f3a9c'

const connection = (over: Partial<Connection> = {}): Connection => ({
  baseUrl: 'https://host.example/svc/v1',
  apiKey: API_KEY,
  token: TOKEN,
  database: 'DEMO',
  ...over,
})

const sampleEvent = {
  event_ID: 7,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: true,
  subject: 'Call back',
  due_Date: '2026-03-14T09:30:00',
}

const envelope = (data: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ data, debug: { activityID: 'act-1' }, ...extra })

interface Call {
  url: string
  method: string
  headers: Headers
  body: string | undefined
}

/** A fetch that records each call and answers with what `respond` returns. */
function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    }
    calls.push(call)
    return respond(call)
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const json = (body: string, status = 200, contentType = 'application/json') =>
  new Response(body, { status, headers: { 'content-type': contentType } })

/** Runs `promise`, expecting it to reject, and returns the error. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (e) {
    return e
  }
  throw new Error('expected the call to fail')
}

function expectNoSecrets(error: unknown) {
  const texts = [
    String(error),
    (error as Error).message,
    (error as Error).stack ?? '',
    JSON.stringify(error),
  ]
  for (const text of texts) {
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain(API_KEY)
  }
}

describe('requests', () => {
  it('joins the path onto a base URL with a path prefix and sends the headers', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope(sampleEvent)))
    const api = createApiClient(() => connection({ baseUrl: 'https://host.example/svc/v1/' }), {
      fetch,
    })
    await getEvent(api, 7)
    const call = calls[0]!
    expect(call.url).toBe('https://host.example/svc/v1/events/7')
    expect(call.method).toBe('GET')
    expect(call.headers.get('authorization')).toBe(`Bearer ${TOKEN}`)
    expect(call.headers.get('x-api-key')).toBe(API_KEY)
    expect(call.headers.get('service-database')).toBe('DEMO')
    expect(call.headers.get('accept')).toBe('application/json')
    expect(call.headers.get('content-type')).toBeNull()
    expect(call.body).toBeUndefined()
  })

  it('reads the connection afresh on every request', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope(sampleEvent)))
    let current = connection()
    const api = createApiClient(() => current, { fetch })
    await getEvent(api, 7)
    current = connection({ token: 'second-token', apiKey: 'second-key', database: 'OTHER' })
    await getEvent(api, 7)
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual([
      `Bearer ${TOKEN}`,
      'Bearer second-token',
    ])
    expect(calls[1]!.headers.get('x-api-key')).toBe('second-key')
    expect(calls[1]!.headers.get('service-database')).toBe('OTHER')
  })

  it('asks another base URL with the same session and 401 handling (`at`)', async () => {
    let token = TOKEN
    const { fetch, calls } = fakeFetch((call) =>
      call.headers.get('authorization') === `Bearer ${TOKEN}`
        ? json(JSON.stringify({ data: null, error: { status: 401 } }), 401)
        : json(envelope(sampleEvent)),
    )
    let asked = 0
    const api = createApiClient(() => connection({ token }), {
      fetch,
      onUnauthorized: async () => {
        asked += 1
        token = 'renewed-token'
        return true
      },
    })
    await getEvent(api.at('https://host.example/console-api/'), 7)
    expect(calls.map((c) => c.url)).toEqual(
      Array(2).fill('https://host.example/console-api/events/7'),
    )
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer renewed-token')
    expect(asked).toBe(1)
  })

  it('lets the request override the database', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope(sampleEvent)))
    const api = createApiClient(() => connection(), { fetch })
    await getEvent(api, 7, { database: 'KEYED' })
    expect(calls[0]!.headers.get('service-database')).toBe('KEYED')
  })

  it('encodes query parameters and leaves out undefined ones', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope([])))
    const api = createApiClient(() => connection(), { fetch })
    await listEvents(api, { page: 2, sortBy: 'due_Date:desc,subject:asc' })
    const url = new URL(calls[0]!.url)
    expect(url.pathname).toBe('/svc/v1/events')
    expect(url.searchParams.get('page')).toBe('2')
    expect(url.searchParams.has('pageSize')).toBe(false)
    expect(url.searchParams.get('sortBy')).toBe('due_Date:desc,subject:asc')
  })

  it('sends a POST without body and with the snooze duration in the query', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope(sampleEvent)))
    const api = createApiClient(() => connection(), { fetch })
    await snoozeEvent(api, 7)
    expect(calls[0]!.method).toBe('POST')
    expect(calls[0]!.url).toBe(
      'https://host.example/svc/v1/events/7/snooze?snoozeDuration=SNOOZE_15_MIN',
    )
    expect(calls[0]!.body).toBeUndefined()
  })

  it('sends a JSON body with its content type and encodes path parameters', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope({ ok: true })))
    const api = createApiClient(() => connection(), { fetch })
    const op: Operation = {
      name: 'thing',
      method: 'PUT',
      path: `/things/${encodeURIComponent('a/b c')}`,
      body: { value: 1 },
      schema: z.looseObject({ ok: z.boolean() }),
    }
    await api.request(op)
    expect(calls[0]!.url).toBe('https://host.example/svc/v1/things/a%2Fb%20c')
    expect(calls[0]!.headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(calls[0]!.body!)).toEqual({ value: 1 })
  })

  it('signs in with Basic credentials and no bearer token', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(
        envelope({
          authenticationResult: { idToken: 'id', refreshToken: 'r', expiresIn: 3600 },
        }),
      ),
    )
    const result = await signIn(
      {
        baseUrl: 'https://host.example/svc/v1',
        apiKey: API_KEY,
        database: 'DEMO',
        username: 'ana',
        password: 'pässword',
      },
      { fetch },
    )
    expect(result.authenticationResult?.idToken).toBe('id')
    const call = calls[0]!
    expect(call.url).toBe('https://host.example/svc/v1/user-authentication')
    const auth = call.headers.get('authorization') ?? ''
    expect(auth.startsWith('Basic ')).toBe(true)
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(auth.slice(6)), (c) => c.charCodeAt(0)),
    )
    expect(decoded).toBe('ana:pässword')
    expect(call.headers.get('x-api-key')).toBe(API_KEY)
  })

  it('resolves a relative base URL against the page location when there is one', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope(sampleEvent)))
    const api = createApiClient(() => connection({ baseUrl: '/api' }), { fetch })
    const g = globalThis as { location?: unknown }
    const had = 'location' in g
    const previous = g.location
    g.location = { href: 'https://console.example/events?page=2' }
    try {
      await getEvent(api, 7)
    } finally {
      if (had) g.location = previous
      else delete g.location
    }
    expect(calls[0]!.url).toBe('https://console.example/api/events/7')
  })

  it('reports a relative base URL without a page location as unreachable, without fetching', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope(sampleEvent)))
    const api = createApiClient(() => connection({ baseUrl: '/api' }), { fetch })
    const error = await failure(getEvent(api, 7))
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).kind).toBe('unreachable')
    expect(calls).toHaveLength(0)
  })
})

describe('successful answers', () => {
  it('parses JSON served as text/plain (GET /events)', async () => {
    const { fetch } = fakeFetch(() => json(envelope([sampleEvent]), 200, 'text/plain'))
    const api = createApiClient(() => connection(), { fetch })
    const { records: events } = await listEvents(api)
    expect(events).toHaveLength(1)
    expect(events[0]!.subject).toBe('Call back')
  })

  it('keeps unknown fields', async () => {
    const { fetch } = fakeFetch(() => json(envelope({ ...sampleEvent, colour_Code: 'teal' })))
    const api = createApiClient(() => connection(), { fetch })
    const event = await getEvent(api, 7)
    expect(event).toMatchObject({ event_ID: 7, colour_Code: 'teal' })
  })

  it('turns data: null of a list into an empty list', async () => {
    const { fetch } = fakeFetch(() => json(envelope(null)))
    const api = createApiClient(() => connection(), { fetch })
    await expect(listEvents(api)).resolves.toEqual({ records: [], unreadable: [] })
  })
})

describe('failures', () => {
  it('turns a problem in the envelope into an ApiError', async () => {
    const body = envelope(null, {
      error: {
        type: 'https://errors.example/validation',
        title: 'Invalid event',
        status: 400,
        detail: 'subject is required',
        errors: { subject: 'Required' },
      },
    })
    const { fetch } = fakeFetch(() => json(body, 400))
    const api = createApiClient(() => connection(), { fetch })
    const error = await failure(getEvent(api, 7))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toBeInstanceOf(ServiceError)
    const e = error as ApiError
    expect(e.operation).toBe('getEvent')
    expect(e.status).toBe(400)
    expect(e.message).toBe('subject is required')
    expect(e.problem.type).toBe('https://errors.example/validation')
    expect(e.activityId).toBe('act-1')
    expect(e.rawBody).toBeUndefined()
    expect(e.fieldErrors()).toEqual({ subject: 'Required' })
  })

  it('parses the problem leniently: wrong-typed members ignored, type about:blank', async () => {
    const body = envelope(null, { error: { type: 42, title: 'Not found', detail: { x: 1 } } })
    const { fetch } = fakeFetch(() => json(body, 404))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7))) as ApiError
    expect(e).toBeInstanceOf(ApiError)
    expect(e.problem.type).toBe('about:blank')
    expect(e.problem.detail).toBeUndefined()
    expect(e.problem.status).toBe(404)
    expect(e.message).toBe('Not found')
    expect(e.fieldErrors()).toEqual({})
  })

  it('treats a 2xx envelope carrying an error as an ApiError with the problem status', async () => {
    const body = envelope(null, { error: { title: 'Conflict', status: 409 } })
    const { fetch } = fakeFetch(() => json(body, 200))
    const api = createApiClient(() => connection(), { fetch })
    const e = await failure(getEvent(api, 7))
    expect(e).toBeInstanceOf(ApiError)
    expect((e as ApiError).status).toBe(409)
  })

  it('reports a 401 as an ApiError with status 401', async () => {
    const body = envelope(null, { error: { title: 'Unauthorized', status: 401 } })
    const { fetch } = fakeFetch(() => json(body, 401, 'text/plain'))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(listEvents(api))) as ApiError
    expect(e).toBeInstanceOf(ApiError)
    expect(e.status).toBe(401)
    expect(e.operation).toBe('listEvents')
  })

  it('keeps the raw body of a gateway 403 that is not an envelope', async () => {
    const { fetch } = fakeFetch(() => json('{"message":"Forbidden"}', 403))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7))) as ApiError
    expect(e).toBeInstanceOf(ApiError)
    expect(e.status).toBe(403)
    expect(e.rawBody).toBe('{"message":"Forbidden"}')
    expect(e.message).toBe('Forbidden')
    expect(e.problem.type).toBe('about:blank')
    expect(e.activityId).toBeUndefined()
  })

  it('keeps a truncated HTML error page and gives a status message', async () => {
    const html = `<html><body><h1>502 Bad Gateway</h1>${'x'.repeat(5000)}</body></html>`
    const { fetch } = fakeFetch(() => json(html, 502, 'text/html'))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7))) as ApiError
    expect(e).toBeInstanceOf(ApiError)
    expect(e.status).toBe(502)
    expect(e.rawBody?.startsWith('<html><body><h1>502 Bad Gateway</h1>')).toBe(true)
    expect(e.rawBody!.length).toBeLessThanOrEqual(2001)
    expect(e.message).toBe('502 Bad gateway')
  })

  it('reports an empty error body', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 503 }))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7))) as ApiError
    expect(e).toBeInstanceOf(ApiError)
    expect(e.status).toBe(503)
    expect(e.rawBody).toBe('')
    expect(e.message).toBe('503 Service unavailable')
  })

  it('reports malformed JSON on success as a shape error of the body', async () => {
    const { fetch } = fakeFetch(() => json('{"data": {"event_ID": 7', 200))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7))) as ResponseShapeError
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.path).toBe('(body)')
    expect(e.operation).toBe('getEvent')
  })

  it('reports a 2xx JSON that is not an envelope as a shape error', async () => {
    const { fetch } = fakeFetch(() => json(JSON.stringify(sampleEvent), 200))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7))) as ResponseShapeError
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.path).toBe('(body)')
  })

  it('reports an empty 2xx body as a shape error when data was expected', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 200 }))
    const api = createApiClient(() => connection(), { fetch })
    const e = await failure(getEvent(api, 7))
    expect(e).toBeInstanceOf(ResponseShapeError)
  })

  it('names the operation and field path when a required field is missing', async () => {
    const { event_ID: _, ...withoutId } = sampleEvent
    const { fetch } = fakeFetch(() => json(envelope(withoutId)))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7))) as ResponseShapeError
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.operation).toBe('getEvent')
    expect(e.path).toBe('data.event_ID')
    expect(e.activityId).toBe('act-1')
    expect(e.issues.length).toBeGreaterThan(0)
    expect(e.message).toContain('getEvent')
    expect(e.message).toContain('data.event_ID')
  })

  it('reads a list record by record: one that fails is reported by ID and field, not fatal', async () => {
    const bad = { ...sampleEvent, event_ID: 9, start_Date: 'Ana Smith, 1 Main St' }
    const nameless = { ...sampleEvent, event_ID: 'nine' }
    const { fetch } = fakeFetch(() =>
      json(envelope([sampleEvent, bad, sampleEvent, nameless, 'not an event'])),
    )
    const api = createApiClient(() => connection(), { fetch })
    const list = await listEvents(api)
    expect(list.records).toHaveLength(2)
    expect(list.unreadable).toEqual([
      { id: 9, fields: ['start_Date'] },
      { id: null, fields: ['event_ID'] },
      { id: null, fields: [] },
    ])
    expect(JSON.stringify(list.unreadable)).not.toContain('Ana Smith')
  })

  it('still requires the list to be an array', async () => {
    const { fetch } = fakeFetch(() => json(envelope({ event_ID: 7 })))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(listEvents(api))) as ResponseShapeError
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.path).toBe('data')
  })

  it('reports a rejected fetch (network down, CORS) as unreachable', async () => {
    const fetch = (async () => {
      throw new TypeError(`Failed to fetch with Bearer ${TOKEN}`)
    }) as typeof globalThis.fetch
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7))) as NetworkError
    expect(e).toBeInstanceOf(NetworkError)
    expect(e.kind).toBe('unreachable')
    expect(e.operation).toBe('getEvent')
    expectNoSecrets(e)
  })

  /** A fetch that never answers but rejects as a real fetch does when its signal aborts. */
  const hangingFetch = (async (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      )
    })) as typeof globalThis.fetch

  it('times out', async () => {
    const api = createApiClient(() => connection(), { fetch: hangingFetch, timeoutMs: 20 })
    const e = (await failure(getEvent(api, 7))) as NetworkError
    expect(e).toBeInstanceOf(NetworkError)
    expect(e.kind).toBe('timeout')
  })

  it('lets a request set its own timeout', async () => {
    const api = createApiClient(() => connection(), { fetch: hangingFetch })
    const e = (await failure(getEvent(api, 7, { timeoutMs: 10 }))) as NetworkError
    expect(e.kind).toBe('timeout')
  })

  it('is cancelled by the caller signal', async () => {
    const api = createApiClient(() => connection(), { fetch: hangingFetch })
    const controller = new AbortController()
    const pending = failure(getEvent(api, 7, { signal: controller.signal }))
    controller.abort()
    const e = (await pending) as NetworkError
    expect(e).toBeInstanceOf(NetworkError)
    expect(e.kind).toBe('aborted')
  })

  it('does not fetch when the caller signal is already aborted', async () => {
    const { fetch, calls } = fakeFetch(() => json(envelope(sampleEvent)))
    const api = createApiClient(() => connection(), { fetch })
    const e = (await failure(getEvent(api, 7, { signal: AbortSignal.abort() }))) as NetworkError
    expect(e.kind).toBe('aborted')
    expect(calls).toHaveLength(0)
  })
})

describe('secrets', () => {
  it('never appear in errors, even when the server echoes them', async () => {
    const echo = `token ${TOKEN} key ${API_KEY}`
    const answers: Response[] = [
      json(envelope(null, { error: { title: echo, detail: echo, status: 400 } }), 400),
      json(JSON.stringify({ message: echo }), 403),
      json(`<html>${echo}</html>`, 500, 'text/html'),
      json(envelope({ ...sampleEvent, event_ID: echo })),
      json(echo, 200, 'text/plain'),
    ]
    const seen: unknown[] = []
    for (const answer of answers) {
      const api = createApiClient(() => connection(), { fetch: async () => answer })
      seen.push(await failure(getEvent(api, 7)))
    }
    const api = createApiClient(() => connection({ token: `bad\n${TOKEN}` }), {
      fetch: async () => json(envelope(sampleEvent)),
    })
    seen.push(await failure(getEvent(api, 7)))

    expect(seen.map((e) => (e as Error).name)).toEqual([
      'ApiError',
      'ApiError',
      'ApiError',
      'ResponseShapeError',
      'ResponseShapeError',
      'NetworkError',
    ])
    seen.forEach(expectNoSecrets)
    expect((seen[0] as ApiError).message).toContain('[redacted]')
  })

  it('never puts the Basic password into an error', async () => {
    const { fetch } = fakeFetch(() =>
      json(envelope(null, { error: { title: 'Bad password hunter2hunter2', status: 401 } }), 401),
    )
    const e = await failure(
      signIn(
        {
          baseUrl: 'https://h.example',
          apiKey: API_KEY,
          database: 'D',
          username: 'u',
          password: 'hunter2hunter2',
        },
        { fetch },
      ),
    )
    expect(e).toBeInstanceOf(ApiError)
    expect(JSON.stringify(e)).not.toContain('hunter2hunter2')
    expect((e as Error).message).not.toContain('hunter2hunter2')
  })
})

describe('re-authentication on 401', () => {
  const problem401 = JSON.stringify({
    data: null,
    error: { status: 401, title: 'Unauthorized', detail: 'Session ended' },
    debug: { activityID: 'a-1' },
  })
  const okBody = JSON.stringify({ data: [], debug: { activityID: 'a-2' } })

  it('waits for a new token, then retries once with the fresh connection', async () => {
    let token = 'old'
    const seen: string[] = []
    const fetchFn: typeof fetch = async (_url, init) => {
      const auth = new Headers(init?.headers).get('authorization') ?? ''
      seen.push(auth)
      return new Response(auth === 'Bearer new' ? okBody : problem401, {
        status: auth === 'Bearer new' ? 200 : 401,
      })
    }
    let asked = 0
    const api = createApiClient(
      () => ({ baseUrl: 'https://svc.test/api', apiKey: 'k', token, database: 'demo' }),
      {
        fetch: fetchFn,
        onUnauthorized: async () => {
          asked++
          token = 'new'
          return true
        },
      },
    )
    await expect(getLookup(api, 'priorities')).resolves.toEqual([])
    expect(asked).toBe(1)
    expect(seen).toEqual(['Bearer old', 'Bearer new'])
  })

  it('lets the 401 through when re-authentication is declined, and never for logout', async () => {
    const fetchFn: typeof fetch = async () => new Response(problem401, { status: 401 })
    let asked = 0
    const api = createApiClient(
      () => ({ baseUrl: 'https://svc.test/api', apiKey: 'k', token: 't', database: 'demo' }),
      {
        fetch: fetchFn,
        onUnauthorized: async () => {
          asked++
          return false
        },
      },
    )
    await expect(getLookup(api, 'priorities')).rejects.toMatchObject({ status: 401 })
    expect(asked).toBe(1)
    await expect(logout(api)).rejects.toMatchObject({ status: 401 })
    expect(asked).toBe(1)
  })
})
