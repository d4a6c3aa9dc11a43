import { describe, expect, it } from 'vitest'
import { eventListSchema, eventSchema } from '../../src/api/schemas/event'
import { authVbaSchema } from '../../src/api/schemas/auth-vba'
import { dateFields, dateForm } from './checks/dates'
import { checkShape, describeType } from './shape'

/** The pure parts of the doctor: comparing a shape and naming date forms, never a value. */
describe('doctor shapes', () => {
  const event = {
    event_ID: 7,
    claim_Audit_Event: false,
    process_Automation_Event: false,
    reminder: true,
  }

  it('names each failing field once with a count, and unknown fields by name only', () => {
    const data = [
      { ...event, reminder: 'yes', subject: 'Call Jane Doe', extra_Note: 'Jane Doe' },
      { ...event, event_ID: undefined, due_Date: '03/14/2026' },
    ]
    const shape = checkShape(eventListSchema, data)
    expect(shape.ok).toBe(false)
    expect(shape.problems).toEqual([
      { path: 'data[].reminder', expected: 'a boolean', got: 'text', count: 1 },
      { path: 'data[].event_ID', expected: 'an integer', got: 'missing', count: 1 },
      {
        path: 'data[].due_Date',
        expected: 'a date such as 2026-03-14T09:30:00',
        got: 'text shaped "99/99/9999"',
        count: 1,
      },
    ])
    expect(shape.unknown).toEqual([{ path: 'data[].extra_Note', count: 1 }])
    expect(JSON.stringify(shape)).not.toMatch(/Jane|yes/)
  })

  it('describes text by its shape only when it looks like a date', () => {
    expect(describeType('2026-03-14 09:30', true)).toBe('text shaped "9999-99-99 99:99"')
    expect(describeType('Jane Doe', true)).toBe('text')
    expect(describeType('12345', false)).toBe('text')
    expect(describeType(1.5)).toBe('a number with a fraction')
  })

  it('finds the date fields of a schema from the schema itself', () => {
    expect(dateFields(eventSchema)).toEqual([
      'completion_Date',
      'due_Date',
      'end_Date',
      'entry_Date',
      'next_Scheduled_Date',
      'next_Scheduled_Time',
      'start_Date',
      'update_Date',
    ])
    expect(dateFields(authVbaSchema)).toEqual(['member_Birth_Date'])
  })

  it('names the form of each date', () => {
    expect(dateForm('2026-03-14T09:30:00')).toBe('canonical')
    expect(dateForm('2026-03-14T09:30:00Z')).toBe('with Z (UTC)')
    expect(dateForm('2026-03-14T09:30:00.123+01:00')).toBe('with fractional seconds, an offset')
    expect(dateForm('2026-03-14')).toBe('with a date alone')
    expect(dateForm('2026-03-14 09:30')).toBe('with a space instead of T, no seconds')
    expect(dateForm('2026-02-30T09:30:00')).toBe('not a date')
    expect(dateForm('11/24/2026')).toBe('not a date')
  })
})
