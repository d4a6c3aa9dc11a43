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

interface PinnedMutationOptions<TData, TVariables, TSnapshot> {
  mutationFn: (variables: TVariables, scope: MutationScope) => Promise<TData>
  /**
   * An optimistic change, made in the cache before the request is sent. What it returns (the
   * cache as it was) is handed to `onError`, to put it back.
   */
  onMutate?: (variables: TVariables, scope: MutationScope) => TSnapshot | Promise<TSnapshot>
  /** The cache updates after a success, against the scope the mutation started in. */
  onSuccess?: (data: TData, variables: TVariables, scope: MutationScope) => unknown
  /** Undoes the optimistic change after a failure; `snapshot` is what `onMutate` returned. */
  onError?: (
    error: Error,
    variables: TVariables,
    scope: MutationScope,
    snapshot: TSnapshot,
  ) => unknown
  /** Mutations of one queue run one after another, in the order they were asked for. */
  queue?: string
  /** Names the mutation, for views that read its state (`useMutationState`). */
  key?: readonly unknown[]
}

type PinnedContext<TSnapshot> = MutationScope & { snapshot: TSnapshot }

/**
 * A mutation pinned to the database it started in: the one way the features write (see
 * docs/architecture.md). Toasts, navigation and closing dialogs stay with the component, in
 * `mutate(..., { onSuccess })` or after `await mutateAsync(...)`.
 */
export function usePinnedMutation<TData, TVariables = void, TSnapshot = undefined>(
  options: PinnedMutationOptions<TData, TVariables, TSnapshot>,
) {
  const api = useApi()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const { mutationFn, onMutate, onSuccess, onError, queue, key } = options
  return useMutation<TData, Error, TVariables, PinnedContext<TSnapshot>>({
    ...(queue === undefined ? {} : { scope: { id: queue } }),
    ...(key === undefined ? {} : { mutationKey: key }),
    onMutate: (variables) => {
      const scope = { api, queryClient, db }
      if (!onMutate) return { ...scope, snapshot: undefined as TSnapshot }
      return Promise.resolve(onMutate(variables, scope)).then((snapshot) => ({
        ...scope,
        snapshot,
      }))
    },
    mutationFn: (variables) => mutationFn(variables, { api, queryClient, db }),
    onSuccess: (data, variables, { snapshot: _snapshot, ...scope }) =>
      onSuccess?.(data, variables, scope),
    // No context: the optimistic change itself failed, so there is nothing to put back.
    onError: (error, variables, context) => {
      if (!context) return
      const { snapshot, ...scope } = context
      return onError?.(error, variables, scope, snapshot)
    },
  })
}
