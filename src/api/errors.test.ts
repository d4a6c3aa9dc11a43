import { describe, expect, it } from 'vitest'
import {
  ApiError,
  NetworkError,
  NOT_SENT_PROBLEM,
  outcomeUnknown,
  ResponseShapeError,
} from './errors'

describe('whether a failed write may have been made (outcomeUnknown)', () => {
  it('is unknown for an answer lost on the way, known for a refusal or a write never sent', () => {
    expect(outcomeUnknown(new NetworkError('op', 'timeout'))).toBe(true)
    expect(outcomeUnknown(new NetworkError('op', 'no-session'))).toBe(false)
    expect(outcomeUnknown(new ApiError({ operation: 'op', status: 502 }))).toBe(true)
    expect(outcomeUnknown(new ApiError({ operation: 'op', status: 409 }))).toBe(false)
    expect(outcomeUnknown(new ResponseShapeError({ operation: 'op', path: 'data' }))).toBe(true)
    // The console's server could not reach the service at all: nothing left.
    const notSent = new ApiError({
      operation: 'op',
      status: 503,
      problem: { type: NOT_SENT_PROBLEM, status: 503, detail: 'The service cannot be reached.' },
    })
    expect(outcomeUnknown(notSent)).toBe(false)
    expect(notSent.message).toBe('The service cannot be reached.')
  })
})
