import { QueryClient } from '@tanstack/react-query'
import { ApiError, NetworkError } from './errors'

/** Reads are retried at most this many times. */
export const MAX_QUERY_RETRIES = 2

/**
 * Whether a failed read is worth another try: only a lost connection or timeout, or a server
 * error (5xx). A 4xx, a shape mismatch or a cancelled request will fail the same way again.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false
  if (error instanceof NetworkError) return error.kind !== 'aborted'
  if (error instanceof ApiError) return error.status >= 500
  return false
}

/** Exponential backoff: 1 s, 2 s, 4 s, ... capped at 30 s. */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000)
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, retryDelay: queryRetryDelay },
      mutations: { retry: false },
    },
  })
}
