// The policy page against the real sandbox service (its own fetch, no network, no mocks).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { getPasswordPolicy, updatePasswordPolicy } from '@/api/session'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { PasswordPolicyPage } from './password-policy-page'

let service: InProcessSandbox
const clientFor = (username: 'admin' | 'staff'): Promise<ApiClient> => service.clientFor(username)

const DEFAULT_POLICY = {
  minimumLength: 12,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: true,
  temporaryPasswordValidityDays: 7,
  passwordHistorySize: 5,
}

beforeAll(() => {
  service = startInProcessSandbox('policy-page', { events: 5 })
})

afterAll(() => service.close())

afterEach(cleanup)

let admin: ApiClient
beforeEach(async () => {
  sessionStorage.clear()
  admin = await clientFor('admin')
  await updatePasswordPolicy(admin, DEFAULT_POLICY)
})

function renderPage(api: ApiClient) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api} database="demo">
        <PasswordPolicyPage />
      </ApiProvider>
    </QueryClientProvider>,
  )
}

describe('PasswordPolicyPage', () => {
  it('shows the diff, saves the whole policy on confirm, and the service keeps it', async () => {
    const user = userEvent.setup()
    renderPage(admin)
    const length = await screen.findByLabelText('Minimum length')
    expect(length).toHaveValue(12)
    expect(screen.getByLabelText('Password history size')).toHaveValue(5)

    await user.clear(length)
    await user.type(length, '15')
    await user.click(screen.getByLabelText('Require a symbol'))
    await user.click(screen.getByRole('button', { name: 'Review and save…' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Save the password policy?' })
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'Minimum length12 characters15 characters',
      'Require a symbolRequiredNot required',
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Save policy' }))

    await screen.findByText('No unsaved changes.')
    expect(await getPasswordPolicy(admin)).toEqual({
      ...DEFAULT_POLICY,
      minimumLength: 15,
      requireSymbols: false,
    })
  })

  it('refuses an out-of-range length on the form, next to the field, without asking the service', async () => {
    const user = userEvent.setup()
    renderPage(admin)
    const length = await screen.findByLabelText('Minimum length')
    await user.clear(length)
    await user.type(length, '5')
    await user.click(screen.getByRole('button', { name: 'Review and save…' }))
    expect(await screen.findByText('Enter a whole number from 6 to 99')).toBeInTheDocument()
    expect(length).toHaveAccessibleDescription(/Enter a whole number from 6 to 99/)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect((await getPasswordPolicy(admin)).minimumLength).toBe(12)
  })

  it("puts the service's 400 on the field it names and keeps what was typed", async () => {
    const user = userEvent.setup()
    renderPage(admin)
    const history = await screen.findByLabelText('Password history size')
    await user.clear(history)
    await user.type(history, '30')
    await user.click(screen.getByRole('button', { name: 'Review and save…' }))
    await user.click(await screen.findByRole('button', { name: 'Save policy' }))

    expect(await screen.findByText('Expected a whole number from 0 to 24')).toBeInTheDocument()
    expect(history).toHaveValue(30)
    expect(history).toHaveAttribute('aria-invalid', 'true')
    expect((await getPasswordPolicy(admin)).passwordHistorySize).toBe(5)
  })

  it('checks a sample password against the edited, unsaved policy', async () => {
    const user = userEvent.setup()
    renderPage(admin)
    const length = await screen.findByLabelText('Minimum length')
    await user.type(screen.getByLabelText('Sample password'), 'Abcdefg1!')
    expect(
      screen.getByText(/Does not meet 1 of 5 rules: at least 12 characters/),
    ).toBeInTheDocument()

    await user.clear(length)
    await user.type(length, '8')
    expect(screen.getByText('Meets every rule of the edited policy.')).toBeInTheDocument()
    expect((await getPasswordPolicy(admin)).minimumLength).toBe(12)
  })

  it('shows a staff user the policy, and explains from the service’s 403 that changing it needs an administrator', async () => {
    const user = userEvent.setup()
    renderPage(await clientFor('staff'))
    const length = await screen.findByLabelText('Minimum length')
    expect(length).toHaveValue(12)
    await user.clear(length)
    await user.type(length, '16')
    await user.click(screen.getByRole('button', { name: 'Review and save…' }))
    await user.click(await screen.findByRole('button', { name: 'Save policy' }))
    expect(
      await screen.findByRole('heading', { name: 'You need an administrator for this' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(/Only administrators can change the password policy/),
    ).toBeInTheDocument()
    expect(screen.getByText(/This operation needs the admin role/)).toBeInTheDocument()
    expect(length).toHaveValue(16)
    expect((await getPasswordPolicy(admin)).minimumLength).toBe(12)
  })
})
