// One field of the auth form with the form's own state and schema: the service's text limit is
// shown as a count in the field's description while the user types, and a longer text is refused.
import { zodResolver } from '@hookform/resolvers/zod'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import type { AuthKey } from '@/api/schemas/auth-fields'
import { RuntimeConfigContext } from '@/lib/app-context'
import { defaultRuntimeConfig } from '@/lib/runtime-config'
import { AuthFormField } from './auth-form-field'
import { authFormSchema } from './auth-form-schema'
import { toFormValues, type AuthFormValues } from './auth-form-values'

afterEach(cleanup)

function Harness({ field, notes }: { field: AuthKey; notes: string }) {
  const form = useForm<AuthFormValues>({
    resolver: zodResolver(authFormSchema),
    defaultValues: {
      ...toFormValues({
        closed: false,
        new_Or_Extended: false,
        previous_Treatment: false,
        tPlan_DownLoaded: false,
        tPlan_Printed: 'N',
        urgent: false,
      }),
      notes,
    },
  })
  return (
    <form onSubmit={form.handleSubmit(() => undefined)}>
      <AuthFormField field={field} form={form} />
      <button type="submit">Save</button>
    </form>
  )
}

describe('AuthFormField', () => {
  it('counts long text against its limit as the user types, and refuses more', async () => {
    const user = userEvent.setup()
    render(<Harness field="notes" notes={'n'.repeat(7_990)} />)
    const notes = screen.getByLabelText('Notes')
    expect(notes).toHaveAccessibleDescription('7,990 / 8,000 characters')
    await user.type(notes, 'x'.repeat(11))
    expect(notes).toHaveAccessibleDescription('8,001 / 8,000 characters')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Keep it to 8,000 characters or fewer (8,001 now)',
    )
    expect(notes).toHaveAttribute('aria-invalid', 'true')
    await user.type(notes, '{Backspace}')
    expect(notes).toHaveAccessibleDescription('8,000 / 8,000 characters')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the count of a short field only near its limit', async () => {
    const user = userEvent.setup()
    render(<Harness field="provider_ID" notes="" />)
    const provider = screen.getByLabelText('Provider ID')
    await user.type(provider, 'p'.repeat(39))
    expect(provider).not.toHaveAccessibleDescription(/characters/)
    await user.type(provider, 'p')
    expect(provider).toHaveAccessibleDescription('40 / 50 characters')
  })
})

describe('a field that names a person', () => {
  const config = {
    ...defaultRuntimeConfig,
    directory: {
      ...defaultRuntimeConfig.directory,
      people: [
        { id: 'iwhite', name: 'Isaac White' },
        { id: 'iwong', name: 'Ivy Wong' },
      ],
    },
  }
  const inConfig = () =>
    render(
      <RuntimeConfigContext.Provider value={config}>
        <Harness field="assigned_User" notes="" />
      </RuntimeConfigContext.Provider>,
    )

  it('offers the directory by name and keeps a whole name as the ID', async () => {
    const user = userEvent.setup()
    inConfig()
    const assigned = screen.getByLabelText('Assigned to')
    const list = document.getElementById(assigned.getAttribute('list')!)!
    expect([...list.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['iwhite', 'Isaac White'],
      ['iwong', 'Ivy Wong'],
    ])
    await user.type(assigned, 'isaac white')
    await user.tab()
    expect(assigned).toHaveValue('iwhite')
  })

  it('leaves part of a name, or an ID it does not list, as typed', async () => {
    const user = userEvent.setup()
    inConfig()
    const assigned = screen.getByLabelText('Assigned to')
    await user.type(assigned, 'I')
    await user.tab()
    expect(assigned).toHaveValue('I')
    await user.clear(assigned)
    await user.type(assigned, 'kwong')
    await user.tab()
    expect(assigned).toHaveValue('kwong')
  })
})
