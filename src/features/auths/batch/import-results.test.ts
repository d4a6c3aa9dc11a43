import { describe, expect, it } from 'vitest'
import { csvField, formatCsvLine, parseCsv } from '@/lib/csv'
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_RESULT_MESSAGE_BYTES,
  MAX_RESULTS_BYTES,
  parseImport,
  resultsFileBound,
  rowNumber,
  utf8Length,
} from './import-rows'
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
    // The 409 (the auth changed meanwhile) is a conflict: held back when imported again.
    expect(rows.map(outcomeOf)).toEqual(['created', 'conflict', 'problems', 'not sent'])
    expect(resultsCsv(parsed, rows).split('\r\n')).toEqual([
      'row,auth number,outcome,message,auth_Number,notes,urgent',
      '1,26-000900,created,Auth 26-000900 created.,,New one,false',
      '2,26-000024,conflict,Auth 26-000024 was saved at 2026-11-24T10:00:00.123,26-000024,"Changed, again",',
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
    // The conflict comes back held for a decision, never as an ordinary ready row.
    expect(again.rows.map((r) => r.earlier?.outcome ?? null)).toEqual(['conflict', null, null])
  })
})

describe('the results file with cells a spreadsheet would run', () => {
  const hostile = [
    '=HYPERLINK("http://x","y")',
    '+1',
    '-1+1',
    '@SUM(A1)',
    '\t=1+1',
    '\r=1+1',
    '=1+1',
    "'=1+1",
    "'tis",
    '-5',
    'a;b',
  ]
  // A CSV of one row per hostile value, in a known column, in one the service does not know
  // named as a spreadsheet would run it, and in one whose name holds more semicolons than the
  // results file's header has commas.
  const source = [
    'notes,@cmd,"a;b;c;d;e;f;g;h"',
    ...hostile.map((v) => formatCsvLine([v, v, v])),
  ].join('\r\n')
  const parsed = parseImport(source, 'hostile.csv')
  const rows: RowState[] = parsed.rows.map((row) => ({
    row,
    check: { ok: false, errors: { notes: '=2+2 is not allowed' } },
  }))

  it('writes each with a quote in front, so it stays text, as the events export does', () => {
    const lines = resultsCsv(parsed, rows).split('\r\n')
    const cells = lines.slice(1, -1).map((line) => parseCsv(line)[0]?.values.slice(4, 5)[0])
    expect(lines[0]).toBe(`row,auth number,outcome,message,notes,'@cmd,"a;b;c;d;e;f;g;h"`)
    expect(cells).toEqual([
      `'=HYPERLINK("http://x","y")`,
      // A plain number stays a number, as in the events export.
      '+1',
      "'-1+1",
      "'@SUM(A1)",
      "'\t=1+1",
      "'\r=1+1",
      "'=1+1",
      // Looked guarded already: one apostrophe more, so that reading takes one off.
      "''=1+1",
      "'tis",
      '-5',
      'a;b',
    ])
    const hyperlink = `"'=HYPERLINK(""http://x"",""y"")"`
    expect(lines[1]).toBe(
      `1,,problems,Notes: =2+2 is not allowed,${hyperlink},${hyperlink},${hyperlink}`,
    )
    // Every cell of every line: none starts as a formula would.
    for (const line of lines.slice(0, -1))
      for (const cell of parseCsv(line)[0]?.values ?? [])
        expect(/^[=+\-@\t\r]/.test(cell) && !/^[-+]?\d+(?:\.\d+)?$/.test(cell)).toBe(false)
  })

  it('imports again with the values as they were in the source', () => {
    const text = resultsCsv(parsed, rows)
    // What is read back is the guarded file, not the values as they were…
    expect(text).not.toMatch(/(^|[,\n])=/)
    const again = parseImport(text, 'hostile-results.csv')
    // …and the values come back as they were.
    expect(again.columns).toEqual(['notes', '@cmd', 'a;b;c;d;e;f;g;h'])
    expect(again.rows.map((r) => r.values)).toEqual(
      hostile.map((v) => ({ notes: v, '@cmd': v, 'a;b;c;d;e;f;g;h': v })),
    )
    expect(again.rows.map((r) => r.values)).toEqual(parsed.rows.map((r) => r.values))
    // And once more: the results file of a results file is the same file.
    expect(resultsCsv(again, rows)).toBe(text)
  })
})

describe('the cells a results file adds', () => {
  const parsed = parseImport('auth_Number,notes\nnot a number!,x\n26-000031,y\n')
  const [bad, good] = parsed.rows as [RowState['row'], RowState['row']]

  it('names an auth number only when it is one, and cuts a long message to fit', () => {
    const long = `Refused: "${'é'.repeat(400)}"`
    const text = resultsCsv(parsed, [
      { row: bad, check: { ok: false, errors: { auth_Number: 'Not an auth number' } } },
      {
        row: good,
        check: { ok: true, auth: {}, errors: {} },
        result: { status: 500, body: long, authNumber: null },
      },
    ])
    const [, first, second] = parseCsv(text).map((r) => r.values)
    expect(first?.slice(1, 3)).toEqual(['', 'problems'])
    expect(first?.[4]).toBe('not a number!')
    expect(second?.slice(1, 3)).toEqual(['26-000031', 'failed'])
    const message = second?.[3] ?? ''
    expect(message.endsWith('…')).toBe(true)
    expect(long.startsWith(message.slice(0, -1))).toBe(true)
    const written = utf8Length(csvField(message))
    expect(written).toBeLessThanOrEqual(MAX_RESULT_MESSAGE_BYTES)
    expect(written).toBeGreaterThan(MAX_RESULT_MESSAGE_BYTES - 4)
  })

  it('never outgrows resultsFileBound, whatever the cells', () => {
    const files = [
      // Cells that grow the most when written again: a quote, and a quote and a comma.
      `notes;narrative\n${'=";=,\n'.repeat(200)}`,
      // JSON numbers written out in full, objects leaving out columns.
      JSON.stringify([{ notes: [1e20, 1e20, 1e20] }, {}, { narrative: 'x', other: { a: null } }]),
    ]
    for (const file of files) {
      const p = parseImport(file)
      const states: RowState[] = p.rows.map((row) => ({
        row,
        check: { ok: false, errors: { '(row)': 'x'.repeat(1_000) } },
      }))
      const bytes = utf8Length(resultsCsv(p, states))
      expect(bytes).toBeGreaterThan(utf8Length(file))
      expect(bytes).toBeLessThanOrEqual(resultsFileBound(p.columns, p.rows))
    }
  })
})

describe('the results file of the largest import', () => {
  it('is read back whole: larger than an import file may be, within MAX_RESULTS_BYTES', () => {
    // MAX_IMPORT_ROWS rows filling MAX_IMPORT_BYTES: a 30-character auth number, notes that need
    // a guard, and a narrative of the rest.
    const header = 'auth_Number,notes,narrative'
    const lineBytes = Math.floor((MAX_IMPORT_BYTES - header.length - 1) / MAX_IMPORT_ROWS)
    const filler = 'n'.repeat(lineBytes)
    const lines = [header]
    for (let i = 1; i <= MAX_IMPORT_ROWS; i++) {
      const start = `26-${String(i).padStart(27, '0')},- item ${i},`
      lines.push(start + filler.slice(0, lineBytes - start.length - 1))
    }
    lines.push('')
    const source = lines.join('\n')
    expect(utf8Length(source)).toBeGreaterThan(MAX_IMPORT_BYTES - MAX_IMPORT_ROWS)
    expect(utf8Length(source)).toBeLessThanOrEqual(MAX_IMPORT_BYTES)
    const parsed = parseImport(source, 'big.csv')
    expect(parsed.rows).toHaveLength(MAX_IMPORT_ROWS)

    // Every row refused with a long message, the most a line of a results file holds.
    const body = `Refused: ${'the service says no. '.repeat(30)}`
    const results = resultsCsv(
      parsed,
      parsed.rows.map((row) => ({
        row,
        check: { ok: true, auth: {}, errors: {} },
        result: { status: 500, body, authNumber: rowNumber(row) },
      })),
    )
    const bytes = utf8Length(results)
    const bound = resultsFileBound(parsed.columns, parsed.rows)
    expect(bytes).toBeGreaterThan(MAX_IMPORT_BYTES)
    expect(bytes).toBeGreaterThan(MAX_RESULTS_BYTES * 0.9)
    expect(bytes).toBeLessThanOrEqual(bound)
    expect(bound).toBeLessThanOrEqual(MAX_RESULTS_BYTES)

    const again = parseImport(results, 'big-results.csv')
    expect(again.rows).toHaveLength(MAX_IMPORT_ROWS)
    expect(again.columns).toEqual(parsed.columns)
    const differing = again.rows.filter(
      (r, i) => JSON.stringify(r.values) !== JSON.stringify(parsed.rows[i]?.values),
    )
    expect(differing).toEqual([])
    expect(again.rows[41]?.values.notes).toBe('- item 42')
  }, 30_000)
})
