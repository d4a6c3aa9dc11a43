// zod/mini, like the contract: the sign-in page is the first thing anyone loads, and zod's
// classic API would add 16 kB to it.
import { z } from '@/api/schemas/zod'

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message))
const upTo = (max: number) => z.string().check(z.trim(), z.maxLength(max))

export const signInFormSchema = z
  .object({
    serviceUrl: required('Enter the service URL'),
    /** Empty when the console's own server adds the key (`keyKept`). */
    apiKey: upTo(500),
    /** The console server holds the API key: the page does not ask for it. */
    keyKept: z.boolean(),
    database: required('Choose a database'),
    method: z.enum(['password', 'token']),
    username: upTo(200),
    password: z.string().check(z.maxLength(500)),
    token: upTo(20_000),
    remember: z.boolean(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.keyKept && !v.apiKey)
        ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'Enter the API key' })
      if (v.method === 'password') {
        if (!v.username)
          ctx.addIssue({ code: 'custom', path: ['username'], message: 'Enter your username' })
        if (!v.password)
          ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password' })
      } else if (!v.token) {
        ctx.addIssue({
          code: 'custom',
          path: ['token'],
          message: 'Paste the token from your sign-on page',
        })
      }
    }),
  )

export type SignInFormValues = z.infer<typeof signInFormSchema>
