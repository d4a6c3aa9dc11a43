import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useApi, useDatabase } from './api-context'
import type { ApiClient } from './client'

/**
 * What a mutation's request and its cache updates work with: the service client, the query
 * cache, and the database the mutation started in. Cache updates use this `db`, never the one
 * current when the answer arrives, so an answer can never land under another database's keys.
 */
export interface MutationScope {
  api: ApiClient
  queryClient: QueryClient
  db: string
}

interface PinnedMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables, scope: MutationScope) => Promise<TData>
  /** The cache updates after a success, against the scope the mutation started in. */
  onSuccess?: (data: TData, variables: TVariables, scope: MutationScope) => unknown
}

/**
 * A mutation pinned to the database it started in: the one way the features write (see
 * docs/architecture.md). Toasts, navigation and closing dialogs stay with the component, in
 * `mutate(..., { onSuccess })` or after `await mutateAsync(...)`.
 */
export function usePinnedMutation<TData, TVariables = void>(
  options: PinnedMutationOptions<TData, TVariables>,
) {
  const api = useApi()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const { mutationFn, onSuccess } = options
  return useMutation<TData, Error, TVariables, MutationScope>({
    onMutate: () => ({ api, queryClient, db }),
    mutationFn: (variables) => mutationFn(variables, { api, queryClient, db }),
    onSuccess: (data, variables, scope) =>
      onSuccess?.(data, variables, scope ?? { api, queryClient, db }),
  })
}
