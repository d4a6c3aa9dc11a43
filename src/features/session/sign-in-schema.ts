import { z } from 'zod'

export const signInFormSchema = z
  .object({
    serviceUrl: z.string().trim().min(1, 'Enter the service URL'),
    apiKey: z.string().trim().min(1, 'Enter the API key'),
    database: z.string().trim().min(1, 'Choose a database'),
    method: z.enum(['password', 'token']),
    username: z.string().trim().max(200),
    password: z.string().max(500),
    token: z.string().trim().max(20_000),
    remember: z.boolean(),
  })
  .superRefine((v, ctx) => {
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
  })

export type SignInFormValues = z.infer<typeof signInFormSchema>
