import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { csvFileName, eventsToCsv, exportColumns } from './csv'
import { columnOf } from '../columns/events-columns'

const event = (over: Partial<Event>): Event => ({
  event_ID: 7,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: true,
  ...over,
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

describe('exportColumns: the file says what the list says', () => {
  const context = {
    priorities: [{ option_Key: 'HIGH', display: 'High' }],
    completedStatus: 'Completed',
    personName: (id: string) => ({ orossi: 'Olivia Rossi' })[id] ?? id,
    groupName: (key: number) => ({ 3: 'Member services' })[key] ?? `Group ${key}`,
  }
  const cols = exportColumns(['next_Scheduled_Date', 'user_ID'].map(columnOf), context)
  const row = (e: Event) => cols.map((c) => c.text(e)).slice(1)

  it.each([
    [
      'a reminder that rings',
      { reminder: true, next_Scheduled_Date: '2026-03-14T09:30:00' },
      '2026-03-14 09:30:00',
    ],
    [
      'a reminder turned off',
      { reminder: false, next_Scheduled_Date: '2026-03-14T09:30:00' },
      'Off',
    ],
    [
      'a completed event',
      { reminder: true, next_Scheduled_Date: '2026-03-14T09:30:00', status: 'Completed' },
      'None (completed)',
    ],
    ['no reminder set', { reminder: true, next_Scheduled_Date: null }, 'Not set'],
  ] as const)('next reminder of %s', (_, over, expected) => {
    expect(row(event(over))[0]).toBe(expected)
  })

  it('names people and groups from the directory beside their IDs', () => {
    expect(cols.map((c) => c.label)).toEqual([
      'ID',
      'Next reminder',
      'Assigned user',
      'Assigned user name',
      'User group',
      'User group name',
    ])
    expect(row(event({ user_ID: 'orossi', userGroup_Key: 3 })).slice(1)).toEqual([
      'orossi',
      'Olivia Rossi',
      '3',
      'Member services',
    ])
    expect(row(event({ user_ID: 'nobody', userGroup_Key: null })).slice(1)).toEqual([
      'nobody',
      'nobody',
      '',
      '',
    ])
  })
})
