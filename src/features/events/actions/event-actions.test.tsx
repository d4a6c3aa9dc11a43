// The event's actions against the real sandbox service (its own fetch, no network, no mocks):
// Delete is offered exactly where the service allows it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { createEvent, deleteEvent, updateEvent } from '@/api/events'
import type { Event } from '@/api/schemas/event'
import { CurrentUserContext, type CurrentUser } from '@/lib/app-context'
import {
  startInProcessSandbox,
  type InProcessSandbox,
  type SandboxUser,
} from '@/test/sandbox-client'
import { EventActions } from './event-actions'

let service: InProcessSandbox
const clients = {} as Record<SandboxUser, ApiClient>
const people: Record<SandboxUser, CurrentUser> = {
  admin: {
    userId: 'admin',
    name: 'Alex Admin',
    roles: ['admin', 'staff'],
    groups: [],
    signedInAt: null,
  },
  staff: { userId: 'staff', name: 'Sam Staff', roles: ['staff'], groups: [], signedInAt: null },
  support: {
    userId: 'support',
    name: 'Sue Support',
    roles: ['support'],
    groups: [],
    signedInAt: null,
  },
}

beforeAll(async () => {
  service = startInProcessSandbox('event-actions', { events: 5 })
  for (const user of ['admin', 'staff', 'support'] as const)
    clients[user] = await service.clientFor(user)
})
afterAll(() => service.close())
afterEach(cleanup)

/** An event support entered and assigned to staff, who then took it over (a real edit). */
async function supportsEventAssignedToStaff(): Promise<Event> {
  const created = await createEvent(
    clients.support,
    {
      claim_Audit_Event: false,
      process_Automation_Event: false,
      reminder: false,
      user_ID: 'support',
      subject: 'Call the provider',
    },
    { database: 'demo' },
  )
  return updateEvent(clients.staff, { ...created, user_ID: 'staff' }, { database: 'demo' })
}

function renderActions(who: SandboxUser, event: Event) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider api={clients[who]} database="demo">
        <CurrentUserContext value={people[who]}>
          <MemoryRouter>
            <EventActions event={event} />
          </MemoryRouter>
        </CurrentUserContext>
      </ApiProvider>
    </QueryClientProvider>,
  )
}

describe('EventActions', () => {
  it.each<[SandboxUser, boolean]>([
    ['staff', false],
    ['support', true],
    ['admin', true],
  ])('offers Delete to %s only where the service deletes (%s)', async (who, offered) => {
    const event = await supportsEventAssignedToStaff()
    expect(event.user_ID).toBe('staff')
    renderActions(who, event)
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' }) !== null).toBe(offered)
    // The service agrees: what is not offered would be refused.
    const outcome = await deleteEvent(clients[who], event.event_ID, { database: 'demo' }).then(
      () => 'deleted',
      (error: { status?: number }) => error.status,
    )
    expect(outcome).toBe(offered ? 'deleted' : 403)
  })
})
