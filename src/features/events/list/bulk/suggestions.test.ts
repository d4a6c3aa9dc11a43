import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { collectSuggestions, eventsIn } from './suggestions'

const event = (over: Partial<Event>): Event => ({
  event_ID: 1,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  ...over,
})

describe('collectSuggestions', () => {
  it('offers the users, groups and statuses seen, sorted, the signed-in user first', () => {
    const events = [
      event({ user_ID: 'zed', status: 'Open' }),
      event({ user_ID: 'amy', status: 'Waiting' }),
      event({ userGroup_Key: 6, status: 'Open' }),
      event({ userGroup_Key: 2 }),
      event({ user_ID: 'staff' }),
    ]
    expect(collectSuggestions(events, 'staff', 'Completed')).toEqual({
      users: ['staff', 'amy', 'zed'],
      groups: [2, 6],
      statuses: ['Completed', 'Open', 'Waiting'],
    })
  })
})

describe('eventsIn', () => {
  it('finds events in cached lists and single answers, skipping anything else', () => {
    const a = event({ event_ID: 1 })
    const b = event({ event_ID: 2 })
    expect(eventsIn([[a, { nope: 1 }], b, undefined, 'text', [{ option_Key: 'LOW' }]])).toEqual([
      a,
      b,
    ])
  })
})
