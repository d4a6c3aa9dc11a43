import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import { createApiClient, type ApiClient } from '@/api/client'
import type { Event } from '@/api/schemas/event'
import { eventKeys } from './keys'
import { eventQueries, useDeleteEvent, useUpdateEvent } from './queries'

const event = (over: Partial<Event> = {}): Event => ({
  event_ID: 5,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject: 'Old',
  ...over,
})

/** A fetch whose answers the test releases one by one; records the database header. */
function controlledFetch() {
  const databases: string[] = []
  const pending: ((data: unknown) => void)[] = []
  const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
    databases.push(new Headers(init?.headers).get('service-database') ?? '')
    return new Promise<Response>((resolve) => {
      pending.push((data) =>
        resolve(new Response(JSON.stringify({ data, debug: { activityID: 'a' } }))),
      )
    })
  }) as typeof globalThis.fetch
  const answer = (data: unknown) => pending.shift()?.(data)
  return { fetch, databases, answer }
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const control = controlledFetch()
  const api: ApiClient = createApiClient(
    () => ({ baseUrl: 'https://h.example', apiKey: 'k', token: 't', database: 'unused' }),
    { fetch: control.fetch },
  )
  let database = 'ONE'
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api} database={database}>
        {children}
      </ApiProvider>
    </QueryClientProvider>
  )
  const switchDatabase = (db: string) => {
    database = db
  }
  return { queryClient, api, control, wrapper, switchDatabase }
}

describe('eventQueries', () => {
  it('scopes keys by database first and sends that database', async () => {
    const { queryClient, api, control } = setup()
    const options = eventQueries(api).list('TWO', { page: 1, pageSize: 20, sortBy: '' })
    expect(options.queryKey).toEqual([
      'db',
      'TWO',
      'events',
      'list',
      { page: 1, pageSize: 20, sortBy: undefined },
    ])
    const fetching = queryClient.fetchQuery(options)
    await waitFor(() => expect(control.databases).toHaveLength(1))
    control.answer([event()])
    expect((await fetching).records).toHaveLength(1)
    expect(control.databases).toEqual(['TWO'])
  })
})

describe('useUpdateEvent', () => {
  it('stores the answer as the detail and invalidates the listings before settling', async () => {
    const { queryClient, control, wrapper } = setup()
    const detailKey = eventKeys.detail('ONE', 5)
    const listKey = eventKeys.list('ONE', { page: 1 })
    const userKey = eventKeys.userEvents('ONE', 'ana')
    const otherDbList = eventKeys.list('TWO', { page: 1 })
    queryClient.setQueryData(detailKey, event())
    queryClient.setQueryData(listKey, [event()])
    queryClient.setQueryData(userKey, [event()])
    queryClient.setQueryData(otherDbList, [event()])

    const { result } = renderHook(() => useUpdateEvent(), { wrapper })
    let done: Promise<Event> | undefined
    act(() => {
      done = result.current.mutateAsync(event({ subject: 'New' }))
    })
    await waitFor(() => expect(control.databases).toHaveLength(1))
    control.answer(event({ subject: 'New', update_User: 'ana' }))
    await act(() => done!)

    expect(control.databases).toEqual(['ONE'])
    expect(queryClient.getQueryData(detailKey)).toMatchObject({
      subject: 'New',
      update_User: 'ana',
    })
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(userKey)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(otherDbList)?.isInvalidated).toBe(false)
  })

  it('stores the answer under the database the mutation started in', async () => {
    const { queryClient, control, wrapper, switchDatabase } = setup()
    const { result, rerender } = renderHook(() => useUpdateEvent(), { wrapper })
    let done: Promise<Event> | undefined
    act(() => {
      done = result.current.mutateAsync(event({ subject: 'New' }))
    })
    await waitFor(() => expect(control.databases).toHaveLength(1))
    switchDatabase('TWO')
    rerender()
    control.answer(event({ subject: 'New' }))
    await act(() => done!)

    expect(queryClient.getQueryData(eventKeys.detail('ONE', 5))).toMatchObject({
      subject: 'New',
    })
    expect(queryClient.getQueryData(eventKeys.detail('TWO', 5))).toBeUndefined()
  })
})

describe('useDeleteEvent', () => {
  it('removes the detail and its schedules and invalidates the lists', async () => {
    const { queryClient, control, wrapper } = setup()
    const detailKey = eventKeys.detail('ONE', 5)
    const schedulesKey = eventKeys.schedules('ONE', 5)
    const otherDetail = eventKeys.detail('ONE', 6)
    const listKey = eventKeys.list('ONE')
    queryClient.setQueryData(detailKey, event())
    queryClient.setQueryData(schedulesKey, [])
    queryClient.setQueryData(otherDetail, event({ event_ID: 6 }))
    queryClient.setQueryData(listKey, [event()])

    const { result } = renderHook(() => useDeleteEvent(), { wrapper })
    let done: Promise<null> | undefined
    act(() => {
      done = result.current.mutateAsync(5)
    })
    await waitFor(() => expect(control.databases).toHaveLength(1))
    control.answer(null)
    await act(() => done!)

    expect(queryClient.getQueryState(detailKey)).toBeUndefined()
    expect(queryClient.getQueryState(schedulesKey)).toBeUndefined()
    expect(queryClient.getQueryData(otherDetail)).toMatchObject({ event_ID: 6 })
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })
})
