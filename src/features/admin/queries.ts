import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { dbKey } from '@/api/query-keys'
import type { PasswordPolicy } from '@/api/schemas/password-policy'
import { getPasswordPolicy, kickLongest, kickUser, updatePasswordPolicy } from '@/api/session'

/** Keys go from general to specific, database first: `['db', db, 'admin', ...]`. */
export const adminQueries = {
  all: (db: string) => [...dbKey(db), 'admin'] as const,
  passwordPolicy: (api: ApiClient, db: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(db), 'password-policy'] as const,
      queryFn: ({ signal }) => getPasswordPolicy(api, { signal, database: db }),
    }),
}

/** The database a mutation started in; cache updates use it, never a later one. */
interface MutationScope {
  db: string
}

/** Saves the whole policy; the answer (when the service sends one) becomes the cached policy. */
export function useUpdatePasswordPolicy() {
  const api = useApi()
  const database = useDatabase()
  const queryClient = useQueryClient()
  return useMutation({
    onMutate: (): MutationScope => ({ db: database }),
    mutationFn: (policy: PasswordPolicy) => updatePasswordPolicy(api, policy, { database }),
    onSuccess: (saved, _policy, scope) => {
      const { queryKey } = adminQueries.passwordPolicy(api, scope.db)
      if (saved) {
        queryClient.setQueryData(queryKey, saved)
        return
      }
      return queryClient.invalidateQueries({ queryKey })
    },
  })
}

/** Ends the given user's session. Nothing cached depends on sessions. */
export function useKickUser() {
  const api = useApi()
  const database = useDatabase()
  return useMutation({
    mutationFn: (userId: string) => kickUser(api, userId, { database }),
  })
}

/** Ends the session of the user logged in the longest. */
export function useKickLongest() {
  const api = useApi()
  const database = useDatabase()
  return useMutation({
    mutationFn: () => kickLongest(api, { database }),
  })
}
