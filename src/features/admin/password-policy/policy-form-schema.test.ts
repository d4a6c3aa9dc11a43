import { describe, expect, it } from 'vitest'
import { formPathOf, policyFormSchema, toFormValues, toPolicy } from './policy-form-schema'

const served = {
  minimumLength: 12,
  requireUppercase: true,
  requireLowercase: false,
  requireNumbers: true,
  requireSymbols: true,
  temporaryPasswordValidityDays: 7,
  passwordHistorySize: 5,
  lockoutMessage: 'Call the help desk',
  rotation: { days: 90 },
}

describe('policy form values', () => {
  it('turns every other field into an editable field by its type, except structured ones', () => {
    expect(toFormValues(served).extras).toEqual([
      { key: 'passwordHistorySize', kind: 'number', value: 5 },
      { key: 'lockoutMessage', kind: 'string', value: 'Call the help desk' },
    ])
  })

  it('sends the whole policy back: edited values over every field the service sent', () => {
    const values = toFormValues(served)
    values.minimumLength = 16
    values.extras[0] = { key: 'passwordHistorySize', kind: 'number', value: 3 }
    expect(toPolicy(values, served)).toEqual({
      ...served,
      minimumLength: 16,
      passwordHistorySize: 3,
    })
  })

  it('refuses values outside the service ranges, with the range in the message', () => {
    const values = { ...toFormValues(served), minimumLength: 5, temporaryPasswordValidityDays: 366 }
    const result = policyFormSchema.safeParse(values)
    expect(result.success).toBe(false)
    const messages = Object.fromEntries(
      result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [],
    )
    expect(messages).toEqual({
      minimumLength: 'Enter a whole number from 6 to 99',
      temporaryPasswordValidityDays: 'Enter a whole number from 0 to 365',
    })
    expect(
      policyFormSchema.safeParse({ ...values, minimumLength: 99, temporaryPasswordValidityDays: 0 })
        .success,
    ).toBe(true)
  })

  it("places the service's field errors on the fields it names", () => {
    const values = toFormValues(served)
    expect(formPathOf('minimumLength', values)).toBe('minimumLength')
    expect(formPathOf('lockoutMessage', values)).toBe('extras.1.value')
    expect(formPathOf('rotation', values)).toBeNull()
  })
})
