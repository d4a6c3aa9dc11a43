import { idempotencyKeyOf } from './idempotency'
import { noDataSchema, type ApiClient, type RequestOptions } from './client'
import { readableRecordSchema, type ReadableRecord } from './records'
import { authSchema, type Auth } from './schemas/auth'
import type { AuthAdjustment } from './schemas/auth-adjustment'
import { authVbaSchema, type AuthVba } from './schemas/auth-vba'
import { batchResultSchema, type BatchResult } from './schemas/batch-result'

const id = (value: string) => encodeURIComponent(value)

export function createAuth(api: ApiClient, auth: Auth, options?: RequestOptions): Promise<Auth> {
  return api.request(
    {
      name: 'createAuth',
      method: 'POST',
      path: '/auths',
      body: auth,
      schema: authSchema,
      idempotencyKey: idempotencyKeyOf(auth),
    },
    options,
  )
}

/** `PUT /auths`: creates or updates several Auths; one result per item. */
export function upsertAuths(
  api: ApiClient,
  auths: Auth[],
  options?: RequestOptions,
): Promise<BatchResult> {
  return api.request(
    {
      name: 'upsertAuths',
      method: 'PUT',
      path: '/auths',
      body: auths,
      schema: batchResultSchema,
      idempotencyKey: idempotencyKeyOf(auths),
    },
    options,
  )
}

export function getAuth(
  api: ApiClient,
  authNumber: string,
  options?: RequestOptions,
): Promise<Auth> {
  return api.request(
    { name: 'getAuth', method: 'GET', path: `/auths/${id(authNumber)}`, schema: authSchema },
    options,
  )
}

const readableAuthSchema = readableRecordSchema(authSchema)

/**
 * `GET /auths/{authNumber}` read as far as it goes: the whole Auth, or (when it fails the
 * contract) the fields that pass and the names of those that do not. For showing, never editing.
 */
export function readAuth(
  api: ApiClient,
  authNumber: string,
  options?: RequestOptions,
): Promise<ReadableRecord<Auth>> {
  return api.request(
    {
      name: 'getAuth',
      method: 'GET',
      path: `/auths/${id(authNumber)}`,
      schema: readableAuthSchema,
    },
    options,
  )
}

/** `PUT /auths/{authNumber}` with the whole Auth (unknown fields included). */
export function updateAuth(
  api: ApiClient,
  authNumber: string,
  auth: Auth,
  options?: RequestOptions,
): Promise<Auth> {
  return api.request(
    {
      name: 'updateAuth',
      method: 'PUT',
      path: `/auths/${id(authNumber)}`,
      body: auth,
      schema: authSchema,
    },
    options,
  )
}

export function deleteAuth(
  api: ApiClient,
  authNumber: string,
  options?: RequestOptions,
): Promise<null> {
  return api.request(
    {
      name: 'deleteAuth',
      method: 'DELETE',
      path: `/auths/${id(authNumber)}`,
      schema: noDataSchema,
    },
    options,
  )
}

/** `GET /auths-vba/{authNumber}`: the Auth with member and provider names and counts. */
export function getAuthVba(
  api: ApiClient,
  authNumber: string,
  options?: RequestOptions,
): Promise<AuthVba> {
  return api.request(
    {
      name: 'getAuthVba',
      method: 'GET',
      path: `/auths-vba/${id(authNumber)}`,
      schema: authVbaSchema,
    },
    options,
  )
}

export function adjustAuth(
  api: ApiClient,
  authNumber: string,
  adjustment: AuthAdjustment,
  options?: RequestOptions,
): Promise<Auth> {
  return api.request(
    {
      name: 'adjustAuth',
      method: 'POST',
      path: `/auths/${id(authNumber)}/adjust`,
      body: adjustment,
      schema: authSchema,
    },
    options,
  )
}

/** Initiates a change of the Auth to status code `newAuthCode`; returns the Auth after it. */
export function processAuthStatus(
  api: ApiClient,
  authNumber: string,
  newAuthCode: string,
  options?: RequestOptions,
): Promise<Auth> {
  return api.request(
    {
      name: 'processAuthStatus',
      method: 'POST',
      path: `/auths/${id(authNumber)}/process-status/${id(newAuthCode)}`,
      schema: authSchema,
    },
    options,
  )
}
