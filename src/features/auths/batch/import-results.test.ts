import { describe, expect, it } from 'vitest'
import { parseImport } from './import-rows'
import { outcomeOf, resultsCsv, resultsFileName } from './import-results'
import type { RowState } from './use-import-rows'

describe('the results file', () => {
  const parsed = parseImport(
    'auth_Number,notes,urgent\n,New one,false\n26-000024,"Changed, again",\n,Bad,maybe\n26-000025,Late,\n',
    'bulk.csv',
  )
  const [created, failed, bad, stopped] = parsed.rows as [
    RowState['row'],
    RowState['row'],
    RowState['row'],
    RowState['row'],
  ]
  const rows: RowState[] = [
    {
      row: created,
      check: { ok: true, auth: { notes: 'New one' }, errors: {} },
      result: { status: 201, body: 'Auth 26-000900 created.', authNumber: '26-000900' },
    },
    {
      row: failed,
      check: { ok: true, auth: { auth_Number: '26-000024' }, errors: {} },
      result: {
        status: 409,
        body: 'Auth 26-000024 was saved at 2026-11-24T10:00:00.123',
        authNumber: '26-000024',
      },
    },
    { row: bad, check: { ok: false, errors: { urgent: 'Use true or false' } } },
    {
      row: stopped,
      check: { ok: true, auth: { auth_Number: '26-000025' }, errors: {} },
      result: {
        status: -1,
        body: 'Not sent: the import was stopped before this row.',
        authNumber: null,
      },
    },
  ]

  it('has a line per row: number, auth, outcome, message, then the row as it came', () => {
    expect(rows.map(outcomeOf)).toEqual(['created', 'failed', 'problems', 'not sent'])
    expect(resultsCsv(parsed, rows).split('\r\n')).toEqual([
      'row,auth number,outcome,message,auth_Number,notes,urgent',
      '1,26-000900,created,Auth 26-000900 created.,,New one,false',
      '2,26-000024,failed,Auth 26-000024 was saved at 2026-11-24T10:00:00.123,26-000024,"Changed, again",',
      '3,,problems,Urgent: Use true or false,,Bad,maybe',
      '4,26-000025,not sent,Not sent: the import was stopped before this row.,26-000025,Late,',
      '',
    ])
    expect(resultsFileName('bulk.csv')).toBe('bulk-results.csv')
    expect(resultsFileName('bulk-results.csv')).toBe('bulk-results.csv')
    expect(resultsFileName(undefined)).toBe('import-results.csv')
  })

  it('imports again as the rows not saved, with their own columns', () => {
    const again = parseImport(resultsCsv(parsed, rows), 'bulk-results.csv')
    expect(again.skippedSaved).toBe(1)
    expect(again.columns).toEqual(['auth_Number', 'notes', 'urgent'])
    expect(again.rows.map((r) => r.values)).toEqual([
      { auth_Number: '26-000024', notes: 'Changed, again', urgent: '' },
      { auth_Number: '', notes: 'Bad', urgent: 'maybe' },
      { auth_Number: '26-000025', notes: 'Late', urgent: '' },
    ])
  })
})
