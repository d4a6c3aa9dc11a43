import { describe, expect, it } from 'vitest'
import { CHANGED_OUTSIDE, CREATED_OUTSIDE, seenEntries } from './audit'

const held = new Map([
  [
    '7',
    { event_ID: 7, subject: 'Call back', update_Date: '2026-11-27T10:00:00', update_User: 'admin' },
  ],
])

describe('seenEntries', () => {
  it('records the fields changed past the console, attributed as the service says', () => {
    const [entry, ...rest] = seenEntries('demo', 'event', held, [
      {
        id: '7',
        record: {
          event_ID: 7,
          subject: 'Called',
          update_Date: '2026-11-27T10:05:00',
          update_User: 'support',
        },
      },
      { id: '8', record: { event_ID: 8, subject: 'New', update_Date: '2026-11-27T10:06:00' } },
    ])
    expect(entry).toMatchObject({
      action: 'seen',
      operation: CHANGED_OUTSIDE,
      userId: 'support',
      recordId: '7',
      changes: { subject: { before: 'Call back', after: 'Called' } },
    })
    expect(rest).toEqual([expect.objectContaining({ operation: CREATED_OUTSIDE, recordId: '8' })])
  })

  it('records nothing for a record as held, or one older than the copy', () => {
    expect(
      seenEntries('demo', 'event', held, [{ id: '7', record: { ...held.get('7')! } }]),
    ).toEqual([])
    const stale = {
      event_ID: 7,
      subject: 'Older',
      update_Date: '2026-11-27T09:59:00',
      update_User: 'x',
    }
    expect(seenEntries('demo', 'event', held, [{ id: '7', record: stale }])).toEqual([])
  })
})
