import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError, ResponseShapeError } from './errors'
import {
  createQueryClient,
  queryRetryDelay,
  shouldRetryQuery,
  shouldThrowToBoundary,
} from './query-client'

const apiError = (status: number) => new ApiError({ operation: 'op', status })

describe('shouldRetryQuery', () => {
  it('retries lost connections, timeouts and server errors', () => {
    expect(shouldRetryQuery(0, new NetworkError('op', 'unreachable'))).toBe(true)
    expect(shouldRetryQuery(1, new NetworkError('op', 'timeout'))).toBe(true)
    expect(shouldRetryQuery(0, apiError(500))).toBe(true)
    expect(shouldRetryQuery(0, apiError(503))).toBe(true)
  })

  it('does not retry cancellations, client errors, shape errors or anything else', () => {
    expect(shouldRetryQuery(0, new NetworkError('op', 'aborted'))).toBe(false)
    expect(shouldRetryQuery(0, apiError(401))).toBe(false)
    expect(shouldRetryQuery(0, apiError(404))).toBe(false)
    expect(shouldRetryQuery(0, new ResponseShapeError({ operation: 'op', path: 'data' }))).toBe(
      false,
    )
    expect(shouldRetryQuery(0, new Error('boom'))).toBe(false)
  })

  it('stops after two retries', () => {
    expect(shouldRetryQuery(2, apiError(500))).toBe(false)
  })
})

describe('queryRetryDelay', () => {
  it('backs off exponentially, capped', () => {
    expect([0, 1, 2, 3].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000])
    expect(queryRetryDelay(20)).toBe(30_000)
  })
})

describe('createQueryClient', () => {
  /** Fetches a query that always fails with `error`; returns how many times it ran. */
  async function attempts(error: Error): Promise<number> {
    const client = createQueryClient()
    let calls = 0
    await client
      .fetchQuery({
        queryKey: ['t'],
        queryFn: () => {
          calls += 1
          throw error
        },
        retryDelay: 0, // the policy under test is the default `retry`; no need to wait
      })
      .catch(() => undefined)
    return calls
  }

  it('tries a read three times in all on a server error', async () => {
    expect(await attempts(apiError(502))).toBe(3)
  })

  it('tries a read once on a 4xx or a cancellation', async () => {
    expect(await attempts(apiError(403))).toBe(1)
    expect(await attempts(new NetworkError('op', 'aborted'))).toBe(1)
  })

  it('uses exponential backoff by default', () => {
    const client = createQueryClient()
    expect(client.getDefaultOptions().queries?.retryDelay).toBe(queryRetryDelay)
  })

  it('never retries mutations', async () => {
    const client = createQueryClient()
    let calls = 0
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        calls += 1
        throw apiError(503)
      },
    })
    await mutation.execute(undefined).catch(() => undefined)
    expect(calls).toBe(1)
  })
})

describe('error boundary policy', () => {
  it('sends server failures and shape errors to the boundary only when nothing is shown', () => {
    const server = new ApiError({ operation: 'listEvents', status: 503 })
    const notFound = new ApiError({ operation: 'getEvent', status: 404 })
    const shape = new ResponseShapeError({ operation: 'getEvent', path: 'data.event_ID' })
    expect(shouldThrowToBoundary(server, false)).toBe(true)
    expect(shouldThrowToBoundary(server, true)).toBe(false)
    expect(shouldThrowToBoundary(shape, false)).toBe(true)
    expect(shouldThrowToBoundary(notFound, false)).toBe(false)
    expect(shouldThrowToBoundary(new NetworkError('x', 'unreachable'), false)).toBe(false)
  })
})
