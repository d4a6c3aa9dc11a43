// The snooze choices against the real sandbox service through its fetch (no network, no mocks),
// under StrictMode as the app runs in development: a digit pressed before the choices opened
// picks once, whatever runs twice and however late the durations arrive.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, waitFor } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import { createApiClient, type Connection } from '@/api/client'
import type { Event } from '@/api/schemas/event'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { SnoozeChooser } from './snooze-chooser'

let service: InProcessSandbox
let connection: Connection
/** The durations' answer waits for this. */
let gate: Promise<void> = Promise.resolve()

beforeAll(async () => {
  service = startInProcessSandbox('snooze-chooser', {
    events: 5,
    intercept: async (request) => {
      if (request.url.includes('/snoozes')) await gate
    },
  })
  connection = await service.connectionFor('staff')
})
afterEach(cleanup)
afterAll(() => service.close())

const event = { event_ID: 1, subject: 'Call the member back' } as Event

describe('the snooze choices', () => {
  it('a digit pressed early snoozes once, the durations arriving after it', async () => {
    let release = () => {}
    gate = new Promise((resolve) => (release = resolve))
    const api = createApiClient(() => connection, { fetch: service.fetch })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const chosen: string[] = []
    // As the list holds it: choosing closes the choices.
    function Holder() {
      const [open, setOpen] = useState<Event | null>(event)
      return (
        <SnoozeChooser
          event={open}
          digit="1"
          onChoose={(_e, duration) => {
            chosen.push(duration)
            setOpen(null)
          }}
          onClose={() => setOpen(null)}
        />
      )
    }
    render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ApiProvider api={api} database="demo">
            <Holder />
          </ApiProvider>
        </QueryClientProvider>
      </StrictMode>,
    )
    await waitFor(() => expect(chosen.length).toBeGreaterThan(0))
    release()
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(chosen).toEqual(['SNOOZE_15_MIN'])
  })
})
