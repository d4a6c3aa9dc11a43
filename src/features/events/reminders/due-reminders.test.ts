import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { dueReminders } from './due-reminders'

const event = (event_ID: number, over: Partial<Event> = {}): Event => ({
  event_ID,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: true,
  ...over,
})
const now = new Date(2026, 2, 14, 12, 0)

describe('dueReminders', () => {
  it('lists active reminders whose next date is at or before now, oldest first', () => {
    const due = dueReminders(
      [
        event(1, { next_Scheduled_Date: '2026-03-14T11:00:00' }),
        event(2, { next_Scheduled_Date: '2026-03-14T12:00:00' }), // exactly now
        event(3, { next_Scheduled_Date: '2026-03-14T12:01:00' }), // not yet
        event(4, { next_Scheduled_Date: '2026-03-01T08:00:00' }),
        event(5, { next_Scheduled_Date: null }),
      ],
      now,
      'Completed',
    )
    expect(due.map((e) => e.event_ID)).toEqual([4, 1, 2])
  })

  it('leaves out events without the reminder flag and completed ones', () => {
    const past = '2026-03-14T09:00:00'
    const due = dueReminders(
      [
        event(1, { next_Scheduled_Date: past, reminder: false }),
        event(2, { next_Scheduled_Date: past, completion_Date: past }),
        event(3, { next_Scheduled_Date: past, status: 'Completed' }),
        event(4, { next_Scheduled_Date: past }),
      ],
      now,
      'Completed',
    )
    expect(due.map((e) => e.event_ID)).toEqual([4])
  })
})
