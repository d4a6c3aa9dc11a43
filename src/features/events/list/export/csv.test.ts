import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { csvField, csvFileName, eventsToCsv } from './csv'
import { columnOf } from '../columns/events-columns'

const event = (over: Partial<Event>): Event => ({
  event_ID: 7,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: true,
  ...over,
})

describe('csvField', () => {
  it('leaves plain text alone', () => {
    expect(csvField('Call provider')).toBe('Call provider')
    expect(csvField('')).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"')
    expect(csvField('cr\rlf')).toBe('"cr\rlf"')
  })

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('+1 555')).toBe("'+1 555")
    // Plain numbers stay numbers.
    expect(csvField('-5')).toBe('-5')
    expect(csvField('+2.5')).toBe('+2.5')
  })
})

describe('eventsToCsv', () => {
  it('writes a header of labels and one CRLF line per event, in column order', () => {
    const columns = ['subject', 'user_ID', 'due_Date', 'reminder', 'completion_Percent'].map(
      columnOf,
    )
    const csv = eventsToCsv(columns, [
      event({
        subject: 'Audit, urgent',
        user_ID: 'staff',
        due_Date: '2026-03-14T09:30:00',
        completion_Percent: 50,
      }),
      event({ subject: null, userGroup_Key: 3, reminder: false }),
    ])
    expect(csv).toBe(
      'Subject,Assigned to,Due,Reminder,Completion\r\n' +
        '"Audit, urgent",staff,2026-03-14 09:30:00,Yes,50\r\n' +
        ',Group 3,,No,\r\n',
    )
  })

  it('writes only the header for an empty page', () => {
    expect(eventsToCsv([columnOf('subject')], [])).toBe('Subject\r\n')
  })
})

describe('csvFileName', () => {
  it('names the file by the local date, and the page after the first', () => {
    expect(csvFileName(new Date(2026, 2, 4, 23, 59), 1)).toBe('events-2026-03-04.csv')
    expect(csvFileName(new Date(2026, 11, 31), 3)).toBe('events-2026-12-31-page-3.csv')
  })
})
