import { describe, expect, it } from 'vitest'
import type { BatchResult } from '@/api/schemas/batch-result'
import type { Event } from '@/api/schemas/event'
import { summarizeBatch } from './batch-results'

const event = (id: number, subject = `Event ${id}`): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject,
})
const item = (id: number | string | null, status: number, body: string | null = null) => ({
  id: id === null ? [] : [{ key: 'event_ID', value: id }],
  status,
  body,
})

describe('summarizeBatch', () => {
  it('pairs answers with the events by event_ID, whatever their order', () => {
    const sent = [event(1), event(2), event(3)]
    const result: BatchResult = [
      item(3, 200, 'Event 3 updated.'),
      item(1, 200, 'Event 1 updated.'),
      item(2, 400, 'Invalid fields: due_Date (due_Date: Not a real date)'),
    ]
    const summary = summarizeBatch(sent, result)
    expect(summary.outcomes.map((o) => [o.eventId, o.ok, o.status])).toEqual([
      [1, true, 200],
      [2, false, 400],
      [3, true, 200],
    ])
    expect(summary.succeeded.map((e) => e.event_ID)).toEqual([1, 3])
    expect(summary.failed).toEqual([
      {
        eventId: 2,
        subject: 'Event 2',
        ok: false,
        status: 400,
        message: 'Invalid fields: due_Date (due_Date: Not a real date)',
      },
    ])
  })

  it('reads an event_ID sent back as text', () => {
    const summary = summarizeBatch([event(9)], [item('9', 201)])
    expect(summary.outcomes[0]).toMatchObject({ eventId: 9, ok: true, status: 201 })
  })

  it('falls back to the position for an item that names no event', () => {
    const summary = summarizeBatch([event(1), event(2)], [item(1, 200), item(null, 500)])
    expect(summary.outcomes[1]).toMatchObject({ eventId: 2, ok: false, status: 500 })
  })

  it('describes the status when the service sent no message', () => {
    const summary = summarizeBatch([event(4)], [item(4, 404)])
    expect(summary.failed[0]?.message).toBe('404 Not found')
  })

  it('counts an event the service said nothing about as failed, so it stays selected', () => {
    const summary = summarizeBatch([event(1), event(2)], [item(1, 200)])
    expect(summary.failed.map((f) => [f.eventId, f.status])).toEqual([[2, 0]])
    expect(summary.failed[0]?.message).toMatch(/did not report/)
  })
})
