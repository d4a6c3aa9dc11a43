// The Sessions page against the real sandbox service (its own fetch, no network, no mocks).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { ApiError } from '@/api/errors'
import { getLookup } from '@/api/lookups'
import { CurrentUserContext, type CurrentUser } from '@/lib/app-context'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { clearSessionActions } from './action-log'
import { SessionsPage } from './sessions-page'

let service: InProcessSandbox
const clientFor = (username: 'admin' | 'staff' | 'support') => service.clientFor(username)

const people: Record<string, CurrentUser> = {
  admin: {
    userId: 'admin',
    name: 'Alex Admin',
    roles: ['admin', 'staff'],
    groups: [],
    signedInAt: null,
  },
  staff: { userId: 'staff', name: 'Sam Staff', roles: ['staff'], groups: [], signedInAt: null },
}

beforeAll(() => {
  service = startInProcessSandbox('sessions-page', { events: 5 })
})

afterAll(() => service.close())

beforeEach(() => clearSessionActions())
afterEach(cleanup)

function renderPage(api: ApiClient, who: 'admin' | 'staff') {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api} database="demo">
        <CurrentUserContext value={people[who] ?? null}>
          <SessionsPage />
        </CurrentUserContext>
      </ApiProvider>
    </QueryClientProvider>,
  )
}

async function endSessionOf(userId: string) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('User ID'), userId)
  await user.click(screen.getByRole('button', { name: 'End session…' }))
  const dialog = screen.getByRole('alertdialog', { name: `End the session of ${userId}?` })
  expect(dialog).toHaveTextContent(`${userId} will be signed out`)
  expect(dialog).toHaveTextContent('will have to sign in again')
  await user.click(within(dialog).getByRole('button', { name: 'End session' }))
}

const card = (name: string) => within(screen.getByRole('region', { name }))

const logRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )

describe('SessionsPage', () => {
  it("ends a user's session after confirmation: their token stops working", async () => {
    const support = await clientFor('support')
    renderPage(await clientFor('admin'), 'admin')
    await endSessionOf('support')

    expect(
      await card("End a user's session").findByText('Ended 1 session of support'),
    ).toBeInTheDocument()
    const error = await getLookup(support, 'priorities').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    const [row] = logRows()
    expect(row?.slice(1, 4)).toEqual([
      'Alex Admin (admin)',
      'End the session of support',
      'Ended 1 session of support',
    ])
    // The activity ID the service sent with its answer, which the page tells admins to quote.
    expect(row?.[4]).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('says plainly when there is no such user, keeps the ID typed, and logs the activity ID', async () => {
    renderPage(await clientFor('admin'), 'admin')
    await endSessionOf('ghost')

    expect(await card("End a user's session").findByText('No such user: ghost')).toBeInTheDocument()
    expect(screen.getByLabelText('User ID')).toHaveValue('ghost')
    const [row] = logRows()
    expect(row?.[3]).toBe('No such user: ghost')
    expect(row?.[4]).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('cancelling the confirmation sends nothing', async () => {
    const user = userEvent.setup()
    renderPage(await clientFor('admin'), 'admin')
    await user.type(screen.getByLabelText('User ID'), 'staff')
    await user.click(screen.getByRole('button', { name: 'End session…' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(screen.getByText('No sessions have been ended from this tab yet.')).toBeInTheDocument()
  })

  it('a staff user is told, from the service’s 403, that an administrator is needed', async () => {
    const user = userEvent.setup()
    renderPage(await clientFor('staff'), 'staff')
    await user.click(screen.getByRole('button', { name: 'End longest session…' }))
    await user.click(screen.getByRole('button', { name: 'End longest session' }))

    expect(
      await screen.findByRole('heading', { name: 'You need an administrator for this' }),
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'You need an administrator for this' })).getByText(
        /This operation needs the admin role/,
      ),
    ).toBeInTheDocument()
    expect(logRows()[0]?.[3]).toBe('Not allowed: only administrators can end sessions')
  })
})
