import { createApiClient } from '@/api/client'
import { getLookup } from '@/api/lookups'
import { signIn } from '@/api/session'
import { randomDraftKey } from '@/lib/draft-store'
import type { SignInFormValues } from './sign-in-schema'

export interface Credentials {
  token: string
  refreshToken?: string | undefined
  /** The key of this session's drafts: random, in memory only (`lib/draft-store.ts`). */
  draftKey: string
}

export class ChallengeRequiredError extends Error {
  constructor(readonly challengeName: string) {
    super(`The identity provider asks for another sign-in step (${challengeName}).`)
  }
}

/**
 * Signs in with a password, or checks a pasted token with one cheap read, so that a wrong token,
 * API key or database is reported on the sign-in page rather than on the first screen.
 */
export async function authenticate(
  values: SignInFormValues,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<Credentials> {
  const connection = {
    baseUrl: values.serviceUrl,
    apiKey: values.apiKey,
    database: values.database,
  }
  if (values.method === 'password') {
    const result = await signIn(
      { ...connection, username: values.username, password: values.password },
      options,
    )
    const tokens = result.authenticationResult
    if (!tokens) throw new ChallengeRequiredError(result.challengeName ?? 'unknown')
    return {
      token: tokens.idToken,
      refreshToken: tokens.refreshToken ?? undefined,
      draftKey: randomDraftKey(),
    }
  }
  const token = values.token.replace(/^Bearer\s+/i, '')
  const api = createApiClient(
    () => ({ ...connection, token }),
    options.fetch ? { fetch: options.fetch } : {},
  )
  await getLookup(api, 'priorities', { signal: options.signal })
  return { token, draftKey: randomDraftKey() }
}
