import { describe, expect, it } from 'vitest'
import { signInFormSchema } from './sign-in-schema'

const values = {
  serviceUrl: '/api',
  apiKey: '',
  database: 'demo',
  method: 'password' as const,
  username: 'staff',
  password: 'secret',
  token: '',
  remember: false,
}

describe('the sign-in form', () => {
  it('asks for the API key when the console talks to the service alone', () => {
    const parsed = signInFormSchema.safeParse({ ...values, keyKept: false })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['apiKey', 'Enter the API key'],
    ])
  })

  it('does not ask for it when the console server keeps it', () => {
    expect(signInFormSchema.safeParse({ ...values, keyKept: true }).success).toBe(true)
  })
})
