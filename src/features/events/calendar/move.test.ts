import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import {
  describeMove,
  describePlacement,
  keyboardDelta,
  movedFields,
  shiftDate,
  shiftDateText,
} from './move'
import { placeEvent } from '../model/placement'

const event = (over: Partial<Event> = {}): Event => ({
  event_ID: 7,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject: 'Call provider about auth 26-000123',
  ...over,
})
const day = { days: 1, milliseconds: 0 }
const slotEarlier = { days: 0, milliseconds: -30 * 60_000 }

describe('keyboardDelta', () => {
  it('moves a day with Left/Right and a slot with Up/Down', () => {
    expect(keyboardDelta('ArrowLeft', 30)).toEqual({ days: -1, milliseconds: 0 })
    expect(keyboardDelta('ArrowRight', 30)).toEqual({ days: 1, milliseconds: 0 })
    expect(keyboardDelta('ArrowUp', 30)).toEqual({ days: 0, milliseconds: -1_800_000 })
    expect(keyboardDelta('ArrowDown', 15)).toEqual({ days: 0, milliseconds: 900_000 })
    expect(keyboardDelta('Enter', 30)).toBeNull()
  })
  it('moves a week with Up/Down in the month and agenda, where a row is a week', () => {
    expect(keyboardDelta('ArrowUp', 30, 'month')).toEqual({ days: -7, milliseconds: 0 })
    expect(keyboardDelta('ArrowDown', 30, 'month')).toEqual({ days: 7, milliseconds: 0 })
    expect(keyboardDelta('ArrowDown', 30, 'agenda')).toEqual({ days: 7, milliseconds: 0 })
    expect(keyboardDelta('ArrowRight', 30, 'month')).toEqual({ days: 1, milliseconds: 0 })
    expect(keyboardDelta('ArrowDown', 30, 'day')).toEqual({ days: 0, milliseconds: 1_800_000 })
  })
})

describe('shiftDate', () => {
  it('adds calendar days keeping the wall-clock time, then milliseconds', () => {
    expect(shiftDate(new Date(2026, 10, 30, 10, 30), day)).toEqual(new Date(2026, 11, 1, 10, 30))
    expect(shiftDate(new Date(2026, 10, 24, 0, 15), slotEarlier)).toEqual(
      new Date(2026, 10, 23, 23, 45),
    )
    expect(shiftDate(new Date(2026, 0, 31, 9), { months: 1, days: 0, milliseconds: 0 })).toEqual(
      new Date(2026, 2, 3, 9),
    )
  })

  it('keeps the time of day across a daylight-saving change', () => {
    // Whatever the machine's zone: a calendar day later is the same wall-clock time.
    const before = new Date(2026, 2, 28, 9, 0)
    const after = shiftDate(before, day)
    expect([after.getDate(), after.getHours(), after.getMinutes()]).toEqual([29, 9, 0])
  })

  it('writes canonical service dates and keeps null', () => {
    expect(shiftDateText('2026-11-24T10:30:00', day)).toBe('2026-11-25T10:30:00')
    expect(shiftDateText('2026-11-24 10:30', slotEarlier)).toBe('2026-11-24T10:00:00')
    expect(shiftDateText(null, day)).toBeNull()
  })
})

describe('movedFields', () => {
  it('moves the due date of an event placed by it', () => {
    const e = event({ due_Date: '2026-11-24T10:30:00', start_Date: '2026-11-20T09:00:00' })
    expect(movedFields(e, 'due', day)).toEqual({ due_Date: '2026-11-25T10:30:00' })
  })

  it('moves start and end together, and the due date when it lies between them', () => {
    const e = event({
      start_Date: '2026-11-02T09:00:00',
      end_Date: '2026-11-05T17:00:00',
      due_Date: '2026-11-04T12:00:00',
    })
    expect(movedFields(e, 'range', { days: 7, milliseconds: 0 })).toEqual({
      start_Date: '2026-11-09T09:00:00',
      end_Date: '2026-11-12T17:00:00',
      due_Date: '2026-11-11T12:00:00',
    })
    const dueOutside = { ...e, due_Date: '2026-11-10T12:00:00' }
    expect(movedFields(dueOutside, 'range', day)).not.toHaveProperty('due_Date')
  })

  it('moves one edge on a resize', () => {
    const e = event({ start_Date: '2026-11-02T09:00:00', end_Date: '2026-11-05T17:00:00' })
    expect(movedFields(e, 'range', day, 'end')).toEqual({ end_Date: '2026-11-06T17:00:00' })
    expect(movedFields(e, 'range', day, 'start')).toEqual({ start_Date: '2026-11-03T09:00:00' })
  })

  it('moves the next reminder and its scheduled time', () => {
    const e = event({
      next_Scheduled_Date: '2026-11-24T08:00:00',
      next_Scheduled_Time: '2026-11-24T08:00:00',
    })
    expect(movedFields(e, 'reminder', slotEarlier)).toEqual({
      next_Scheduled_Date: '2026-11-24T07:30:00',
      next_Scheduled_Time: '2026-11-24T07:30:00',
    })
    const noTime = event({ next_Scheduled_Date: '2026-11-24T08:00:00' })
    expect(movedFields(noTime, 'reminder', day)).toEqual({
      next_Scheduled_Date: '2026-11-25T08:00:00',
    })
  })

  it('moves the start date of an event placed by it', () => {
    expect(movedFields(event({ start_Date: '2026-11-24T08:00:00' }), 'start', day)).toEqual({
      start_Date: '2026-11-25T08:00:00',
    })
  })
})

describe('announcements', () => {
  it('says where the event went', () => {
    const e = event({ due_Date: '2026-11-24T10:30:00' })
    expect(describeMove(e, placeEvent(e, 'dates', 'Completed'))).toBe(
      'Moved “Call provider about auth 26-000123” to Tue 24 Nov, 10:30',
    )
    const span = placeEvent(
      event({ start_Date: '2026-11-24T09:00:00', end_Date: '2026-12-04T09:00:00' }),
      'dates',
      'Completed',
    )!
    expect(describePlacement(span)).toBe('Tue 24 Nov – Fri 4 Dec')
    expect(describeMove(event({ subject: ' ' }), null)).toBe(
      'Moved “Event 7” to a date outside the calendar',
    )
  })
})
