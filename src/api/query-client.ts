import { QueryCache, QueryClient, type Query } from '@tanstack/react-query'
import { ApiError, NetworkError, ResponseShapeError } from './errors'

/** Reads are retried at most this many times. */
export const MAX_QUERY_RETRIES = 2

/**
 * Whether a failed read is worth another try: only a lost connection or timeout, or a server
 * error (5xx). A 4xx, a shape mismatch or a cancelled request will fail the same way again.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false
  if (error instanceof NetworkError) return error.kind !== 'aborted' && error.kind !== 'no-session'
  if (error instanceof ApiError) return error.status >= 500
  return false
}

/** Exponential backoff: 1 s, 2 s, 4 s, ... capped at 30 s. */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000)
}

/**
 * Which failed reads go to the route's error boundary: a server failure (5xx) or an answer of
 * the wrong shape, when there is nothing on screen to keep. 4xx are handled where they happen
 * (a 404 is the page's own not-found message), 401 goes to re-authentication.
 */
export function shouldThrowToBoundary(error: unknown, hasData: boolean): boolean {
  if (hasData) return false
  if (error instanceof ApiError) return error.status >= 500
  return error instanceof ResponseShapeError
}

export interface QueryClientHandlers {
  /** A read failed (after its retries): the app's error policy for what is not on screen. */
  onQueryError?: (error: Error, query: Query<unknown, unknown, unknown>) => void
}

/**
 * Makes the page's first React Query fetch, of nothing, on a client of its own. V8 keeps the
 * `signal` getter React Query defines on the first fetch's context objects in the hidden class
 * all later ones start from, for the life of the page, and with the getter its closure: that
 * fetch's retryer, and so the data it read (a heap snapshot after sign-out found a list of events
 * held that way, past a purged cache). Made first, the fetch V8 keeps is this one.
 */
export function pinFirstFetch() {
  const client = new QueryClient()
  void client
    .fetchQuery({ queryKey: ['first-fetch'], queryFn: () => null, networkMode: 'always' })
    .finally(() => client.clear())
}

/** The query client with the error policy above; the app passes its handlers in here. */
export function createQueryClient(handlers: QueryClientHandlers = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handlers.onQueryError }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        throwOnError: (error, query) =>
          shouldThrowToBoundary(error, query.state.data !== undefined),
      },
      mutations: { retry: false },
    },
  })
}

/**
 * Empties the cache so that nothing it held stays reachable: `clear()` alone leaves each query's
 * data behind a garbage-collection timer (restarted for five minutes when its component unmounts
 * after the clear), and each mutation's variables (what the user typed) with it. Every entry is
 * reset to its empty state and collected as soon as nothing uses it.
 */
export function purgeQueryClient(client: QueryClient) {
  for (const query of client.getQueryCache().getAll()) {
    query.gcTime = 0
    query.reset()
  }
  for (const mutation of client.getMutationCache().getAll()) mutation.gcTime = 0
  client.clear()
}
