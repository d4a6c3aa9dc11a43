import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '@/api/errors'
import { outcomeOfFailure, outcomeOfSuccess } from './kick-outcome'

const problem = (status: number, detail: string) =>
  new ApiError({ operation: 'kickUser', status, problem: { detail }, activityId: 'act-1' })

describe('kick outcomes', () => {
  it('says how many sessions of whom were ended', () => {
    const user = { kind: 'user', userId: 'staff' } as const
    const answer = (data: { user_ID: string; sessionsEnded: number }) => ({
      data,
      activityId: 'act-2',
    })
    expect(outcomeOfSuccess(user, answer({ user_ID: 'staff', sessionsEnded: 2 }))).toMatchObject({
      title: 'Ended 2 sessions of staff',
      activityId: 'act-2',
    })
    expect(
      outcomeOfSuccess({ kind: 'longest' }, answer({ user_ID: 'support', sessionsEnded: 1 })),
    ).toMatchObject({
      kind: 'done',
      title: 'Ended 1 session of support',
    })
    expect(outcomeOfSuccess(user, answer({ user_ID: 'staff', sessionsEnded: 0 }))).toMatchObject({
      kind: 'nothing-to-end',
      activityId: 'act-2',
    })
  })

  it('tells a missing user from nobody else being signed in', () => {
    expect(outcomeOfFailure({ kind: 'user', userId: 'ghost' }, problem(404, 'x'))).toMatchObject({
      kind: 'no-such-user',
      title: 'No such user: ghost',
      activityId: 'act-1',
    })
    expect(outcomeOfFailure({ kind: 'longest' }, problem(404, 'x')).kind).toBe('nobody-else')
  })

  it("explains a 403 with the service's own words", () => {
    const outcome = outcomeOfFailure({ kind: 'longest' }, problem(403, 'Needs the admin role.'))
    expect(outcome).toMatchObject({ kind: 'not-allowed', serviceMessage: 'Needs the admin role.' })
  })

  it('reports anything else as a failure that says what could not be done', () => {
    const outcome = outcomeOfFailure(
      { kind: 'user', userId: 'Staff' },
      new NetworkError('kickUser', 'unreachable'),
    )
    expect(outcome.kind).toBe('failed')
    expect(outcome.title).toBe('Could not end the session of Staff: service unreachable')
  })
})
