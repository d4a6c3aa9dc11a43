// useOptimisticSnooze against the real sandbox service through its fetch (no network, no mocks);
// a gate holds the snooze's answer so the test can look at the cache before it arrives.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import { createApiClient, type Connection } from '@/api/client'
import { createEvent } from '@/api/events'
import type { RecordList } from '@/api/records'
import type { Event } from '@/api/schemas/event'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { dueReminders } from './reminders/due-reminders'
import { eventKeys } from './keys'
import { eventQueries, useOptimisticSnooze } from './queries'

let service: InProcessSandbox
let connection: Connection
/** Answers to snoozes wait for `gate`, to user lists for `listGate`; the rest goes through. */
let gate: Promise<void> = Promise.resolve()
let listGate: Promise<void> = Promise.resolve()

beforeAll(async () => {
  service = startInProcessSandbox('snooze-sandbox', {
    events: 20,
    intercept: async (request) => {
      if (request.url.includes('/snooze')) await gate
      if (request.url.includes('/users/')) await listGate
    },
  })
  connection = await service.connectionFor('staff')
})

afterAll(() => service.close())

async function setup() {
  const api = createApiClient(() => connection, { fetch: service.fetch })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const due = await createEvent(
    api,
    {
      claim_Audit_Event: false,
      process_Automation_Event: false,
      reminder: true,
      user_ID: 'staff',
      subject: 'Due reminder',
      next_Scheduled_Date: '2026-01-05T09:00:00',
    },
    { database: 'demo' },
  )
  const listKey = eventKeys.userEvents('demo', 'staff')
  await queryClient.fetchQuery(eventQueries(api).userEvents('demo', 'staff'))
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api} database="demo">
        {children}
      </ApiProvider>
    </QueryClientProvider>
  )
  const cached = () => queryClient.getQueryData<RecordList<Event>>(listKey)?.records ?? []
  const isDue = () =>
    dueReminders(cached(), new Date(), 'Completed').some((e) => e.event_ID === due.event_ID)
  return { due, wrapper, cached, isDue }
}

/** Holds snooze answers until the returned function is called. */
function holdSnoozes() {
  let release = () => {}
  gate = new Promise((resolve) => (release = resolve))
  return release
}

/** Holds the refetch of user lists, so what the cache shows is the hook's own doing. */
function holdLists() {
  let release = () => {}
  listGate = new Promise((resolve) => (release = resolve))
  return release
}

describe('useOptimisticSnooze', () => {
  it('takes the reminder off the due list at once, then keeps the service answer', async () => {
    const { due, wrapper, cached, isDue } = await setup()
    expect(isDue()).toBe(true)
    const release = holdSnoozes()
    const { result } = renderHook(() => useOptimisticSnooze(), { wrapper })
    let done: Promise<Event> | undefined
    act(() => {
      done = result.current.mutateAsync({
        eventId: due.event_ID,
        snoozeDuration: 'SNOOZE_1_HOUR',
        expectedUntil: '2099-01-01T00:00:00',
      })
    })
    // Before the service answered: already moved, so no longer due.
    await waitFor(() => expect(isDue()).toBe(false))
    expect(cached().find((e) => e.event_ID === due.event_ID)?.next_Scheduled_Date).toBe(
      '2099-01-01T00:00:00',
    )
    release()
    const answer = await act(() => done!)
    // The service's own date (now + 1 hour) replaces the estimate.
    expect(answer.next_Scheduled_Date).not.toBe('2099-01-01T00:00:00')
    await waitFor(() =>
      expect(cached().find((e) => e.event_ID === due.event_ID)?.next_Scheduled_Date).toBe(
        answer.next_Scheduled_Date,
      ),
    )
    expect(isDue()).toBe(false)
  })

  it('puts the reminder back when the service refuses', async () => {
    const { due, wrapper, isDue } = await setup()
    const release = holdSnoozes()
    const { result } = renderHook(() => useOptimisticSnooze(), { wrapper })
    let failure: Promise<unknown> | undefined
    act(() => {
      failure = result.current
        .mutateAsync({
          eventId: due.event_ID,
          snoozeDuration: 'SNOOZE_FOREVER', // not a duration of /snoozes: the service says 400
          expectedUntil: '2099-01-01T00:00:00',
        })
        .catch((error: unknown) => error)
    })
    await waitFor(() => expect(isDue()).toBe(false))
    const releaseLists = holdLists()
    release()
    // Rolled back by the hook while the refetch of the lists is still held.
    await waitFor(() => expect(isDue()).toBe(true))
    releaseLists()
    expect(await act(() => failure!)).toMatchObject({ status: 400 })
    expect(isDue()).toBe(true)
  })
})
