import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import {
  adjustAuth,
  createAuth,
  deleteAuth,
  getAuth,
  getAuthVba,
  processAuthStatus,
  updateAuth,
  upsertAuths,
} from '@/api/auths'
import type { ApiClient } from '@/api/client'
import { dbKey } from '@/api/query-keys'
import type { Auth } from '@/api/schemas/auth'
import type { AuthAdjustment } from '@/api/schemas/auth-adjustment'

/** Keys go from general to specific, database first: `['db', db, 'auths', ...]`. */
export const authQueries = {
  all: (db: string) => [...dbKey(db), 'auths'] as const,
  details: (db: string) => [...authQueries.all(db), 'detail'] as const,
  detail: (api: ApiClient, db: string, authNumber: string) =>
    queryOptions({
      queryKey: [...authQueries.details(db), authNumber] as const,
      queryFn: ({ signal }) => getAuth(api, authNumber, { signal, database: db }),
    }),
  /** Below the Auth's detail key, so removing or invalidating the Auth covers this view too. */
  vba: (api: ApiClient, db: string, authNumber: string) =>
    queryOptions({
      queryKey: [...authQueries.details(db), authNumber, 'vba'] as const,
      queryFn: ({ signal }) => getAuthVba(api, authNumber, { signal, database: db }),
    }),
}

/** The database a mutation started in; cache updates use it, never a later one. */
interface MutationScope {
  db: string
}

/**
 * Stores an Auth the service answered with, under its own number (falling back to the one the
 * request named), and refreshes the views derived from it.
 */
function storeAuth(
  queryClient: QueryClient,
  api: ApiClient,
  db: string,
  requested: string | undefined,
  auth: Auth,
) {
  const authNumber = auth.auth_Number ?? requested
  const pending: Promise<void>[] = []
  if (requested !== undefined && requested !== authNumber) {
    // The answer is another Auth (e.g. an adjustment's new one): the requested one changed too.
    pending.push(
      queryClient.invalidateQueries({ queryKey: authQueries.detail(api, db, requested).queryKey }),
    )
  }
  if (authNumber !== undefined) {
    queryClient.setQueryData(authQueries.detail(api, db, authNumber).queryKey, auth)
    pending.push(
      queryClient.invalidateQueries({ queryKey: authQueries.vba(api, db, authNumber).queryKey }),
    )
  }
  return Promise.all(pending)
}

export function useCreateAuth() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (auth: Auth) => createAuth(api, auth, { database }),
    onSuccess: (created, _auth, scope) => storeAuth(queryClient, api, scope.db, undefined, created),
  })
}

export interface UpdateAuthVariables {
  authNumber: string
  /** The whole Auth, unknown fields included. */
  auth: Auth
}

export function useUpdateAuth() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: ({ authNumber, auth }: UpdateAuthVariables) =>
      updateAuth(api, authNumber, auth, { database }),
    onSuccess: (updated, { authNumber }, scope) =>
      storeAuth(queryClient, api, scope.db, authNumber, updated),
  })
}

export function useDeleteAuth() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (authNumber: string) => deleteAuth(api, authNumber, { database }),
    onSuccess: (_data, authNumber, scope) => {
      queryClient.removeQueries({
        queryKey: authQueries.detail(api, scope.db, authNumber).queryKey,
      })
    },
  })
}

/** Creates or updates many Auths; any cached Auth may have changed, so all are refreshed. */
export function useUpsertAuths() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (auths: Auth[]) => upsertAuths(api, auths, { database }),
    onSuccess: (_result, _auths, scope) =>
      queryClient.invalidateQueries({ queryKey: authQueries.all(scope.db) }),
  })
}

export interface AdjustAuthVariables {
  authNumber: string
  adjustment: AuthAdjustment
}

export function useAdjustAuth() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: ({ authNumber, adjustment }: AdjustAuthVariables) =>
      adjustAuth(api, authNumber, adjustment, { database }),
    onSuccess: (auth, { authNumber }, scope) =>
      storeAuth(queryClient, api, scope.db, authNumber, auth),
  })
}

export interface ProcessAuthStatusVariables {
  authNumber: string
  newAuthCode: string
}

export function useProcessAuthStatus() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: ({ authNumber, newAuthCode }: ProcessAuthStatusVariables) =>
      processAuthStatus(api, authNumber, newAuthCode, { database }),
    onSuccess: (auth, { authNumber }, scope) =>
      storeAuth(queryClient, api, scope.db, authNumber, auth),
  })
}
