import { useMemo } from 'react'
import { queryOptions } from '@tanstack/react-query'
import { usePinnedMutation } from '@/api/pinned-mutation'
import { useApi } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { dbKey } from '@/api/query-keys'
import type { PasswordPolicy } from '@/api/schemas/password-policy'
import { getPasswordPolicy, kickLongest, kickUser, updatePasswordPolicy } from '@/api/session'

/** Keys go from general to specific, database first: `['db', db, 'admin', ...]`. */
export const adminKeys = {
  all: (db: string) => [...dbKey(db), 'admin'] as const,
  passwordPolicy: (db: string) => [...adminKeys.all(db), 'password-policy'] as const,
}

/** The admin queries of a service client: the keys above with their fetchers. */
export const adminQueries = (api: ApiClient) => ({
  passwordPolicy: (db: string) =>
    queryOptions({
      queryKey: adminKeys.passwordPolicy(db),
      queryFn: ({ signal }) => getPasswordPolicy(api, { signal, database: db }),
    }),
})

/** The admin queries bound to the nearest `ApiProvider`'s client. */
export function useAdminQueries() {
  const api = useApi()
  return useMemo(() => adminQueries(api), [api])
}

/** Saves the whole policy; the answer (when the service sends one) becomes the cached policy. */
export function useUpdatePasswordPolicy() {
  return usePinnedMutation({
    mutationFn: (policy: PasswordPolicy, { api, db }) =>
      updatePasswordPolicy(api, policy, { database: db }),
    onSuccess: (saved, _policy, scope) => {
      const queryKey = adminKeys.passwordPolicy(scope.db)
      if (saved) {
        scope.queryClient.setQueryData(queryKey, saved)
        return
      }
      return scope.queryClient.invalidateQueries({ queryKey })
    },
  })
}

/** Ends the given user's session. Nothing cached depends on sessions. */
export function useKickUser() {
  return usePinnedMutation({
    mutationFn: (userId: string, { api, db }) => kickUser(api, userId, { database: db }),
  })
}

/** Ends the session of the user logged in the longest. */
export function useKickLongest() {
  return usePinnedMutation({
    mutationFn: (_: void, { api, db }) => kickLongest(api, { database: db }),
  })
}
