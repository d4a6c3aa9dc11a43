import { z } from './zod'

/** Tokens issued by `POST /user-authentication` and `POST /user-refresh-tokens`. */
export const authenticationResultSchema = z.looseObject({
  accessToken: z.nullish(z.string()),
  /** The bearer token sent on every other request. */
  idToken: z.string(),
  refreshToken: z.nullish(z.string()),
  /** Lifetime in seconds. */
  expiresIn: z.nullish(z.number()),
})

export const signInResultSchema = z.looseObject({
  challengeName: z.nullish(z.string()),
  session: z.nullish(z.string()),
  authenticationResult: z.nullish(authenticationResultSchema),
})

export const refreshRequestSchema = z.object({ refreshToken: z.string().check(z.minLength(1)) })

export type AuthenticationResult = z.infer<typeof authenticationResultSchema>
export type SignInResult = z.infer<typeof signInResultSchema>

/** Claims of the service's ID token that the console reads (it never verifies the signature). */
export const tokenClaimsSchema = z.looseObject({
  sub: z.string(),
  sid: z.optional(z.string()),
  roles: z.catch(z.optional(z.array(z.string())), undefined),
  name: z.catch(z.optional(z.string()), undefined),
  iat: z.optional(z.number()),
  exp: z.optional(z.number()),
  /** When the user signed in (OpenID Connect), kept by refreshed tokens; seconds. */
  auth_time: z.catch(z.optional(z.number()), undefined),
  /** The database the token was issued for (the sandbox binds tokens to one). */
  db: z.catch(z.optional(z.string()), undefined),
  /**
   * The user groups the user belongs to (`userGroup_Key`s), as an identity provider's groups
   * claim: numbers, or numeric strings. Anything else is ignored.
   */
  groups: z.catch(
    z.optional(
      z.pipe(
        z.array(z.union([z.int(), z.string()])),
        z.transform((values) => values.map(Number).filter((n) => Number.isSafeInteger(n))),
      ),
    ),
    undefined,
  ),
})
export type TokenClaims = z.infer<typeof tokenClaimsSchema>
