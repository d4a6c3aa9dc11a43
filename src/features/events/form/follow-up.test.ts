import { describe, expect, it } from 'vitest'
import { followUpState, readFollowUp } from './follow-up'

describe('readFollowUp', () => {
  it('reads the follow-up a page put in the history state', () => {
    const state = followUpState({
      subject: 'Follow up on auth 26-000123',
      user_ID: 'support',
      due_Date: '2026-11-27T14:00:00',
    })
    expect(readFollowUp(state)).toEqual({
      subject: 'Follow up on auth 26-000123',
      user_ID: 'support',
      due_Date: '2026-11-27T14:00:00',
    })
  })

  it('ignores any other state, and a due date that is not one', () => {
    expect(readFollowUp(null)).toBeNull()
    expect(readFollowUp({ q: 'words' })).toBeNull()
    expect(readFollowUp({ followUp: { subject: '  ' } })).toBeNull()
    expect(readFollowUp({ followUp: { subject: 'x', user_ID: 7, due_Date: 'soon' } })).toEqual({
      subject: 'x',
      user_ID: null,
      due_Date: null,
    })
  })
})
