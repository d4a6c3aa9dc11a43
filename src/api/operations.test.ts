import { describe, expect, it } from 'vitest'
import { adjustAuth, deleteAuth, getAuthVba, processAuthStatus, upsertAuths } from './auths'
import { createApiClient, type Connection } from './client'
import { batchEvents } from './events-batch'
import {
  deleteEvent,
  formatSortBy,
  listEventSchedules,
  listUserEvents,
  nextScheduledDate,
  parseSortBy,
  updateEvent,
} from './events'
import { getLookup, lookupLists, lookupNames, lookupQueries } from './lookups'
import { createQueryClient } from './query-client'
import type { Event } from './schemas/event'
import { kickLongest, kickUser, refreshTokens, updatePasswordPolicy } from './session'

interface Call {
  url: URL
  method: string
  headers: Headers
  body: unknown
}

/** A client whose fetch records each call and answers `{ data }`. */
function recording(data: unknown) {
  const calls: Call[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: new URL(String(input)),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    })
    return new Response(JSON.stringify({ data, debug: { activityID: 'a' } }), { status: 200 })
  }) as typeof globalThis.fetch
  const connection: Connection = {
    baseUrl: 'https://h.example/svc',
    apiKey: 'key-1234',
    token: 'token-1234',
    database: 'DB',
  }
  return { api: createApiClient(() => connection, { fetch }), calls, fetch }
}

const event: Event = {
  event_ID: 12,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
}

const schedule = {
  schedule_ID: 3,
  event_ID: 12,
  monday: true,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
  play_Sound: false,
  regenerate_Event: false,
}

const auth = {
  auth_Number: 'A/1',
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: true,
}

describe('event operations', () => {
  it('updates the whole event at its own path', async () => {
    const { api, calls } = recording(event)
    await updateEvent(api, { ...event, unknown_Field: 'kept' })
    expect(calls[0]!.method).toBe('PUT')
    expect(calls[0]!.url.pathname).toBe('/svc/events/12')
    expect(calls[0]!.body).toMatchObject({ event_ID: 12, unknown_Field: 'kept' })
  })

  it('deletes, accepting any data', async () => {
    const { api, calls } = recording(undefined)
    await expect(deleteEvent(api, 12)).resolves.toBeNull()
    expect(calls[0]!.method).toBe('DELETE')
  })

  it('accepts a 204 without body for a delete', async () => {
    const fetch = (async () => new Response(null, { status: 204 })) as typeof globalThis.fetch
    const api = createApiClient(
      () => ({ baseUrl: 'https://h.example', apiKey: 'k', token: 't', database: 'D' }),
      { fetch },
    )
    await expect(deleteEvent(api, 12)).resolves.toBeNull()
  })

  it('batches events and reads per-item results', async () => {
    const { api, calls } = recording([
      { id: [{ key: 'event_ID', value: 12 }], status: 200, body: 'Updated' },
      { id: null, status: 400, body: { message: 'bad' } },
    ])
    const result = await batchEvents(api, [event, { ...event, event_ID: undefined }])
    expect(calls[0]!.url.pathname).toBe('/svc/events-batch')
    expect(calls[0]!.method).toBe('PUT')
    expect(Array.isArray(calls[0]!.body)).toBe(true)
    expect(result[1]).toEqual({ id: [], status: 400, body: '{"message":"bad"}' })
  })

  it('encodes the user ID of the user events path', async () => {
    const { api, calls } = recording([event])
    await listUserEvents(api, 'ana smith')
    expect(calls[0]!.url.pathname).toBe('/svc/users/ana%20smith/events')
  })

  it('lists schedules and moves to the next date', async () => {
    const list = recording([schedule])
    await expect(listEventSchedules(list.api, 12)).resolves.toHaveLength(1)
    expect(list.calls[0]!.url.pathname).toBe('/svc/events/12/schedules')
    const next = recording(schedule)
    await expect(nextScheduledDate(next.api, 12, 3)).resolves.toMatchObject({ schedule_ID: 3 })
    expect(next.calls[0]!.method).toBe('POST')
    expect(next.calls[0]!.url.pathname).toBe('/svc/events/12/schedules/3/next')
  })
})

describe('sortBy', () => {
  it('formats and parses', () => {
    const fields = [
      { field: 'due_Date', direction: 'desc' as const },
      { field: 'subject', direction: 'asc' as const },
    ]
    expect(formatSortBy(fields)).toBe('due_Date:desc,subject:asc')
    expect(parseSortBy('due_Date:desc,subject:asc')).toEqual(fields)
    expect(formatSortBy([])).toBe('')
  })

  it('defaults to ascending and drops unusable entries', () => {
    expect(parseSortBy(' subject , priority:DESC,,x:sideways,bad field:asc,a:b:c')).toEqual([
      { field: 'subject', direction: 'asc' },
      { field: 'priority', direction: 'desc' },
    ])
    expect(parseSortBy(null)).toEqual([])
  })
})

describe('auth operations', () => {
  it('encodes the auth number and status code in paths', async () => {
    const { api, calls } = recording(auth)
    await processAuthStatus(api, 'A/1', 'P 2')
    expect(calls[0]!.url.pathname).toBe('/svc/auths/A%2F1/process-status/P%202')
    expect(calls[0]!.body).toBeUndefined()
  })

  it('adjusts with the adjustment body', async () => {
    const { api, calls } = recording(auth)
    const adjustment = {
      auth_Number: 'A/1',
      recalcIBNR: true,
      copyProcCodes: false,
      copyDiagCodes: false,
    }
    await expect(adjustAuth(api, 'A/1', adjustment)).resolves.toMatchObject({ urgent: true })
    expect(calls[0]!.url.pathname).toBe('/svc/auths/A%2F1/adjust')
    expect(calls[0]!.body).toEqual(adjustment)
  })

  it('reads the custom-field view and deletes', async () => {
    const vba = recording({ member_Last_Name: 'Ng', authDetail: auth })
    await expect(getAuthVba(vba.api, 'A1')).resolves.toMatchObject({ member_Last_Name: 'Ng' })
    expect(vba.calls[0]!.url.pathname).toBe('/svc/auths-vba/A1')
    const del = recording(null)
    await expect(deleteAuth(del.api, 'A1')).resolves.toBeNull()
    expect(del.calls[0]!.method).toBe('DELETE')
  })

  it('upserts many', async () => {
    const { api, calls } = recording([{ id: [{ key: 'auth_Number', value: 'A1' }], status: 201 }])
    const result = await upsertAuths(api, [auth])
    expect(calls[0]!.method).toBe('PUT')
    expect(calls[0]!.url.pathname).toBe('/svc/auths')
    expect(result[0]?.status).toBe(201)
  })
})

describe('session operations', () => {
  it('refreshes tokens with the refresh token in the body and no Authorization', async () => {
    const { calls, fetch } = recording({ authenticationResult: { idToken: 'new' } })
    const result = await refreshTokens(
      { baseUrl: 'https://h.example/svc', apiKey: 'k-1', database: 'DB', refreshToken: 'r-1' },
      { fetch },
    )
    expect(result.authenticationResult?.idToken).toBe('new')
    expect(calls[0]!.url.pathname).toBe('/svc/user-refresh-tokens')
    expect(calls[0]!.body).toEqual({ refreshToken: 'r-1' })
    expect(calls[0]!.headers.has('authorization')).toBe(false)
    expect(calls[0]!.headers.get('x-api-key')).toBe('k-1')
    expect(calls[0]!.headers.get('service-database')).toBe('DB')
  })

  it('kicks a user or the longest session', async () => {
    const one = recording({ user_ID: 'ana', sessionsEnded: 2 })
    await expect(kickUser(one.api, 'ana')).resolves.toEqual({
      data: { user_ID: 'ana', sessionsEnded: 2 },
      activityId: 'a',
    })
    expect(one.calls[0]!.url.pathname).toBe('/svc/kick/ana')
    const longest = recording(null)
    await expect(kickLongest(longest.api)).resolves.toEqual({ data: null, activityId: 'a' })
    expect(longest.calls[0]!.url.pathname).toBe('/svc/kick')
  })

  it('updates the password policy, keeping unknown fields', async () => {
    const policy = { minimumLength: 12, requireSymbols: true, passwordHistorySize: 5 }
    const { api, calls } = recording(policy)
    await expect(updatePasswordPolicy(api, policy)).resolves.toEqual(policy)
    expect(calls[0]!.body).toEqual(policy)
    await expect(updatePasswordPolicy(recording(null).api, policy)).resolves.toBeNull()
  })
})

describe('lookups', () => {
  it('has the twelve lists', () => {
    expect(lookupNames).toHaveLength(12)
    expect(lookupLists.durations).toMatchObject({ path: '/durations', keyType: 'integer' })
  })

  it('checks the key type per list', async () => {
    const strings = recording([{ option_Key: 'SNOOZE_15_MIN', display: '15 minutes' }])
    const snoozes = await getLookup(strings.api, 'snoozes')
    expect(snoozes[0]?.option_Key).toBe('SNOOZE_15_MIN')
    expect(strings.calls[0]!.url.pathname).toBe('/svc/snoozes')
    // A string key where the list has integer keys is a shape error.
    await expect(getLookup(strings.api, 'days-of-week')).rejects.toMatchObject({
      name: 'ResponseShapeError',
      path: 'data[0].option_Key',
    })
  })

  it('keys lookups by database and passes it on', async () => {
    const { api, calls } = recording([])
    const options = lookupQueries(api).list('OTHER', 'priorities')
    expect(options.queryKey).toEqual(['db', 'OTHER', 'lookups', 'priorities'])
    expect(options.staleTime).toBe(60 * 60 * 1000)
    await createQueryClient().fetchQuery(options)
    expect(calls[0]!.headers.get('service-database')).toBe('OTHER')
  })
})
