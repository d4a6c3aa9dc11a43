// The global auth lookup against the real sandbox service (its own fetch, no network, no mocks).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useParams } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { createAuth } from '@/api/auths'
import { CurrentUserContext } from '@/lib/app-context'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { recentKey } from '../recent-lookups'
import { AuthLookupShortcut } from './auth-lookup-shortcut'

let service: InProcessSandbox
let api: ApiClient
let existing: string

beforeAll(async () => {
  service = startInProcessSandbox('auth-lookup', { events: 5 })
  api = await service.clientFor('support')
  const created = await createAuth(api, {
    closed: false,
    new_Or_Extended: false,
    previous_Treatment: false,
    tPlan_DownLoaded: false,
    tPlan_Printed: 'N',
    urgent: false,
  })
  existing = created.auth_Number ?? ''
})

afterAll(() => service.close())

afterEach(() => {
  cleanup()
  localStorage.clear()
})

function DetailStub() {
  return <h1>Opened {useParams().authNumber}</h1>
}

function renderApp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api} database="demo">
        <CurrentUserContext
          value={{ userId: 'support', name: 'Pat Support', roles: [], expiresAt: null }}
        >
          <MemoryRouter initialEntries={['/events']}>
            <label>
              Subject <input />
            </label>
            <AuthLookupShortcut />
            <Routes>
              <Route path="/events" element={<h1>Events</h1>} />
              <Route path="/auths/:authNumber" element={<DetailStub />} />
            </Routes>
          </MemoryRouter>
        </CurrentUserContext>
      </ApiProvider>
    </QueryClientProvider>,
  )
}

describe('AuthLookupShortcut', () => {
  it('leaves / to a text field, where Ctrl+K still opens it', async () => {
    const user = userEvent.setup()
    renderApp()
    await user.click(screen.getByLabelText('Subject'))
    await user.keyboard('/')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Subject')).toHaveValue('/')

    await user.keyboard('{Control>}k{/Control}')
    expect(screen.getByRole('dialog', { name: 'Look up an auth' })).toBeInTheDocument()
    expect(screen.getByLabelText('Subject')).toHaveValue('/')
  })

  it('opens with / from anywhere else', async () => {
    const user = userEvent.setup()
    renderApp()
    await user.click(screen.getByRole('heading', { name: 'Events' }))
    await user.keyboard('/')
    const dialog = screen.getByRole('dialog', { name: 'Look up an auth' })
    expect(within(dialog).getByLabelText('Auth number')).toHaveValue('')
  })

  it('says plainly when the number is not found, and opens a found auth', async () => {
    const user = userEvent.setup()
    renderApp()
    await user.click(screen.getByRole('button', { name: /Find auth/ }))
    const dialog = within(screen.getByRole('dialog', { name: 'Look up an auth' }))

    await user.type(dialog.getByLabelText('Auth number'), '99-999999{Enter}')
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'No auth 99-999999 in the demo database',
    )
    expect(localStorage.getItem(recentKey('support', 'demo'))).toBeNull()

    await user.clear(dialog.getByLabelText('Auth number'))
    await user.type(dialog.getByLabelText('Auth number'), `${existing}{Enter}`)
    expect(await screen.findByRole('heading', { name: `Opened ${existing}` })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // Remembered for this user and database: the number only.
    expect(JSON.parse(localStorage.getItem(recentKey('support', 'demo')) ?? '{}')).toEqual({
      numbers: [existing],
      codes: [],
    })
  })
})
