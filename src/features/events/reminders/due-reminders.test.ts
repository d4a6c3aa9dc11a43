import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { dueReminders, dueRemindersInSlices } from './due-reminders'

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

describe('dueRemindersInSlices', () => {
  const events = Array.from({ length: 700 }, (_, i) =>
    event(i + 1, {
      next_Scheduled_Date: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00`,
      reminder: i % 3 !== 0,
      status: i % 5 === 0 ? 'Completed' : 'Open',
    }),
  )

  it('gives the same answer as in one go, pausing between slices', async () => {
    let pauses = 0
    const pause = () => {
      pauses++
      return Promise.resolve()
    }
    const sliced = await dueRemindersInSlices(events, now, 'Completed', pause, 0)
    expect(sliced).toEqual(dueReminders(events, now, 'Completed'))
    expect(sliced.length).toBeGreaterThan(100)
    expect(pauses).toBe(Math.floor(events.length / 64))
  })

  it('reads facts again when the completed status changes', async () => {
    const open = event(1, { next_Scheduled_Date: '2026-03-01T08:00:00', status: 'Closed' })
    expect(dueReminders([open], now, 'Completed')).toEqual([open])
    expect(await dueRemindersInSlices([open], now, 'Closed', () => Promise.resolve(), 0)).toEqual(
      [],
    )
  })
})
