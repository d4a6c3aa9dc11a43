import { useMemo } from 'react'
import { queryOptions } from '@tanstack/react-query'
import { usePinnedMutation, type MutationScope } from '@/api/pinned-mutation'
import { useApi } from '@/api/api-context'
import {
  adjustAuth,
  createAuth,
  deleteAuth,
  getAuth,
  getAuthVba,
  processAuthStatus,
  readAuth,
  updateAuth,
  upsertAuths,
} from '@/api/auths'
import type { ApiClient } from '@/api/client'
import { dbKey } from '@/api/query-keys'
import type { Auth } from '@/api/schemas/auth'
import type { AuthAdjustment } from '@/api/schemas/auth-adjustment'

/** Keys go from general to specific, database first: `['db', db, 'auths', ...]`. */
export const authKeys = {
  all: (db: string) => [...dbKey(db), 'auths'] as const,
  details: (db: string) => [...authKeys.all(db), 'detail'] as const,
  detail: (db: string, authNumber: string) => [...authKeys.details(db), authNumber] as const,
  /** The Auth read as far as it goes (one the console cannot fully read); below its detail. */
  readable: (db: string, authNumber: string) =>
    [...authKeys.detail(db, authNumber), 'readable'] as const,
  /** Below the Auth's detail key, so removing or invalidating the Auth covers this view too. */
  vba: (db: string, authNumber: string) => [...authKeys.detail(db, authNumber), 'vba'] as const,
}

/** The auth queries of a service client: the keys above with their fetchers. */
export const authQueries = (api: ApiClient) => ({
  detail: (db: string, authNumber: string) =>
    queryOptions({
      queryKey: authKeys.detail(db, authNumber),
      queryFn: ({ signal }) => getAuth(api, authNumber, { signal, database: db }),
    }),
  /** For an Auth that fails the contract: the fields that pass and the names of the rest. */
  readable: (db: string, authNumber: string) =>
    queryOptions({
      queryKey: authKeys.readable(db, authNumber),
      queryFn: ({ signal }) => readAuth(api, authNumber, { signal, database: db }),
    }),
  vba: (db: string, authNumber: string) =>
    queryOptions({
      queryKey: authKeys.vba(db, authNumber),
      queryFn: ({ signal }) => getAuthVba(api, authNumber, { signal, database: db }),
    }),
})

/** The auth queries bound to the nearest `ApiProvider`'s client. */
export function useAuthQueries() {
  const api = useApi()
  return useMemo(() => authQueries(api), [api])
}

/**
 * The cache updates after a write, all here. Stores an Auth the service answered with, under its
 * own number (falling back to the one the request named), and refreshes the views derived from it.
 */
function storeAuth(
  { queryClient, db }: Pick<MutationScope, 'queryClient' | 'db'>,
  requested: string | undefined,
  auth: Auth,
) {
  const authNumber = auth.auth_Number ?? requested
  const pending: Promise<void>[] = []
  if (requested !== undefined && requested !== authNumber) {
    // The answer is another Auth (e.g. an adjustment's new one): the requested one changed too.
    pending.push(queryClient.invalidateQueries({ queryKey: authKeys.detail(db, requested) }))
  }
  if (authNumber !== undefined) {
    queryClient.setQueryData(authKeys.detail(db, authNumber), auth)
    pending.push(queryClient.invalidateQueries({ queryKey: authKeys.vba(db, authNumber) }))
  }
  return Promise.all(pending)
}

export function useCreateAuth() {
  return usePinnedMutation({
    mutationFn: (auth: Auth, { api, db }) => createAuth(api, auth, { database: db }),
    onSuccess: (created, _auth, scope) => storeAuth(scope, undefined, created),
  })
}

export interface UpdateAuthVariables {
  authNumber: string
  /** The whole Auth, unknown fields included. */
  auth: Auth
}

export function useUpdateAuth() {
  return usePinnedMutation({
    mutationFn: ({ authNumber, auth }: UpdateAuthVariables, { api, db }) =>
      updateAuth(api, authNumber, auth, { database: db }),
    onSuccess: (updated, { authNumber }, scope) => storeAuth(scope, authNumber, updated),
  })
}

export function useDeleteAuth() {
  return usePinnedMutation({
    mutationFn: (authNumber: string, { api, db }) => deleteAuth(api, authNumber, { database: db }),
    onSuccess: (_data, authNumber, scope) => {
      scope.queryClient.removeQueries({
        queryKey: authKeys.detail(scope.db, authNumber),
      })
    },
  })
}

/** Creates or updates many Auths; any cached Auth may have changed, so all are refreshed. */
export function useUpsertAuths() {
  return usePinnedMutation({
    mutationFn: (auths: Auth[], { api, db }) => upsertAuths(api, auths, { database: db }),
    onSuccess: (_result, _auths, scope) =>
      scope.queryClient.invalidateQueries({ queryKey: authKeys.all(scope.db) }),
  })
}

export interface AdjustAuthVariables {
  authNumber: string
  adjustment: AuthAdjustment
}

export function useAdjustAuth() {
  return usePinnedMutation({
    mutationFn: ({ authNumber, adjustment }: AdjustAuthVariables, { api, db }) =>
      adjustAuth(api, authNumber, adjustment, { database: db }),
    onSuccess: (auth, { authNumber }, scope) => storeAuth(scope, authNumber, auth),
  })
}

export interface ProcessAuthStatusVariables {
  authNumber: string
  newAuthCode: string
}

export function useProcessAuthStatus() {
  return usePinnedMutation({
    mutationFn: ({ authNumber, newAuthCode }: ProcessAuthStatusVariables, { api, db }) =>
      processAuthStatus(api, authNumber, newAuthCode, { database: db }),
    onSuccess: (auth, { authNumber }, scope) => storeAuth(scope, authNumber, auth),
  })
}
