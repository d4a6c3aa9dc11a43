import { z } from 'zod'

/** Tokens issued by `POST /user-authentication` and `POST /user-refresh-tokens`. */
export const authenticationResultSchema = z.looseObject({
  accessToken: z.string().nullish(),
  /** The bearer token sent on every other request. */
  idToken: z.string(),
  refreshToken: z.string().nullish(),
  /** Lifetime in seconds. */
  expiresIn: z.number().nullish(),
})

export const signInResultSchema = z.looseObject({
  challengeName: z.string().nullish(),
  session: z.string().nullish(),
  authenticationResult: authenticationResultSchema.nullish(),
})

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1) })

export type AuthenticationResult = z.infer<typeof authenticationResultSchema>
export type SignInResult = z.infer<typeof signInResultSchema>

/** Claims of the service's ID token that the console reads (it never verifies the signature). */
export const tokenClaimsSchema = z.looseObject({
  sub: z.string(),
  sid: z.string().optional(),
  roles: z.array(z.string()).optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  iat: z.number().optional(),
  exp: z.number().optional(),
  /** The database the token was issued for (the sandbox binds tokens to one). */
  db: z.string().optional().catch(undefined),
})
export type TokenClaims = z.infer<typeof tokenClaimsSchema>
