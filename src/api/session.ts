import { z } from './schemas/zod'
import {
  createApiClient,
  noDataSchema,
  type Answer,
  type ApiClient,
  type ApiClientOptions,
  type RequestOptions,
} from './client'
import { passwordPolicySchema, type PasswordPolicy } from './schemas/password-policy'
import { kickResultSchema, type KickResult } from './schemas/session'
import { signInResultSchema, type SignInResult } from './schemas/sign-in'

/** What a client that is not signed in yet needs: where to go, with which key, which database. */
export interface BaseConnection {
  baseUrl: string
  apiKey: string
  database: string
}

export interface SignInParams extends BaseConnection {
  username: string
  password: string
}

export interface RefreshParams extends BaseConnection {
  refreshToken: string
}

/** Request options of the calls made before sign-in; `fetch` lets tests use the sandbox. */
export type UnauthenticatedRequestOptions = Omit<RequestOptions, 'database'> & ApiClientOptions

function unauthenticatedClient(
  { baseUrl, apiKey, database }: BaseConnection,
  options: UnauthenticatedRequestOptions,
): ApiClient {
  return createApiClient(() => ({ baseUrl, apiKey, database, token: '' }), {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  })
}

/**
 * `POST /user-authentication` with HTTP Basic credentials (no bearer). The ID token of
 * `authenticationResult` is the bearer token of every later request; `challengeName` is set
 * instead when the identity provider wants another step.
 */
export function signIn(
  { username, password, ...connection }: SignInParams,
  options: UnauthenticatedRequestOptions = {},
): Promise<SignInResult> {
  return unauthenticatedClient(connection, options).request(
    {
      name: 'signIn',
      method: 'POST',
      path: '/user-authentication',
      schema: signInResultSchema,
      auth: { basic: { username, password } },
    },
    { signal: options.signal },
  )
}

/** `POST /user-refresh-tokens`: new tokens for a refresh token; no bearer needed. */
export function refreshTokens(
  { refreshToken, ...connection }: RefreshParams,
  options: UnauthenticatedRequestOptions = {},
): Promise<SignInResult> {
  return unauthenticatedClient(connection, options).request(
    {
      name: 'refreshTokens',
      method: 'POST',
      path: '/user-refresh-tokens',
      body: { refreshToken },
      schema: signInResultSchema,
      auth: 'none',
    },
    { signal: options.signal },
  )
}

/** `POST /logout`: ends the caller's own session. */
export function logout(api: ApiClient, options?: RequestOptions): Promise<null> {
  return api.request(
    {
      name: 'logout',
      method: 'POST',
      path: '/logout',
      schema: noDataSchema,
      reauthenticate: false,
    },
    options,
  )
}

/** `POST /kick/{userId}`: forcibly ends that user's session; with the answer's activity ID. */
export function kickUser(
  api: ApiClient,
  userId: string,
  options?: RequestOptions,
): Promise<Answer<KickResult>> {
  return api.requestWithActivity(
    {
      name: 'kickUser',
      method: 'POST',
      path: `/kick/${encodeURIComponent(userId)}`,
      schema: kickResultSchema,
    },
    options,
  )
}

/** `POST /kick`: forcibly ends the session of the user logged in the longest (with activity ID). */
export function kickLongest(api: ApiClient, options?: RequestOptions): Promise<Answer<KickResult>> {
  return api.requestWithActivity(
    { name: 'kickLongest', method: 'POST', path: '/kick', schema: kickResultSchema },
    options,
  )
}

export function getPasswordPolicy(
  api: ApiClient,
  options?: RequestOptions,
): Promise<PasswordPolicy> {
  return api.request(
    {
      name: 'getPasswordPolicy',
      method: 'GET',
      path: '/password-policy',
      schema: passwordPolicySchema,
    },
    options,
  )
}

const updatedPolicySchema = z.pipe(
  z.nullish(passwordPolicySchema),
  z.transform((v) => v ?? null),
)

/**
 * `PUT /password-policy` with the whole policy (unknown fields included). Returns the policy the
 * service answers with, or null when it answers without one.
 */
export function updatePasswordPolicy(
  api: ApiClient,
  policy: PasswordPolicy,
  options?: RequestOptions,
): Promise<PasswordPolicy | null> {
  return api.request(
    {
      name: 'updatePasswordPolicy',
      method: 'PUT',
      path: '/password-policy',
      body: policy,
      schema: updatedPolicySchema,
    },
    options,
  )
}
