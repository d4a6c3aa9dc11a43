import { describe, expect, it } from 'vitest'
import type { Auth } from '@/api/schemas/auth'
import { defaultRuntimeConfig } from '@/lib/runtime-config'
import {
  checkImportRow,
  compareWithExisting,
  convertCell,
  duplicateMessage,
  duplicateNumbers,
  ImportError,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_RESULTS_BYTES,
  parseImport,
  toSendItem,
  utf8Length,
  type ImportRow,
} from './import-rows'

const codes = defaultRuntimeConfig.authCodes

const row = (values: Record<string, unknown>, format: 'csv' | 'json' = 'json'): ImportRow => ({
  index: 1,
  format,
  values,
})

describe('parseImport', () => {
  it('reads CSV rows by header, keeping the line each starts on', () => {
    const parsed = parseImport(
      'auth_Number,notes,units_Requested\n26-100001,"Two\nlines",4\n,plain,\n',
    )
    expect(parsed.format).toBe('csv')
    expect(parsed.rows).toEqual([
      {
        index: 1,
        line: 2,
        format: 'csv',
        values: { auth_Number: '26-100001', notes: 'Two\nlines', units_Requested: '4' },
      },
      {
        index: 2,
        line: 4,
        format: 'csv',
        values: { auth_Number: '', notes: 'plain', units_Requested: '' },
      },
    ])
    expect(parsed.unknownColumns).toEqual([])
  })

  it('reads a JSON array, or one object, and names columns the service does not know', () => {
    const parsed = parseImport('[{"notes":"a","colour":"red"}, 5]')
    expect(parsed.format).toBe('json')
    expect(parsed.rows[0]?.values).toEqual({ notes: 'a', colour: 'red' })
    expect(parsed.rows[1]?.shapeError).toBe('Expected an auth object')
    expect(parsed.unknownColumns).toEqual(['colour'])
    expect(parseImport('{"notes":"one"}').rows).toHaveLength(1)
  })

  it('flags a CSV row with the wrong number of values', () => {
    const parsed = parseImport('notes,urgent\nonly one\n')
    expect(parsed.rows[0]?.shapeError).toBe('Has 1 values; the header has 2')
  })

  it('refuses input it cannot read, saying why', () => {
    expect(() => parseImport('   ')).toThrow(ImportError)
    expect(() => parseImport('[{"notes": }]')).toThrow(/not valid JSON/)
    expect(() => parseImport('notes,notes\nx,y')).toThrow('The column notes appears twice')
    expect(() => parseImport('notes\n"open')).toThrow(/Line 2: a quoted value is not closed/)
    expect(() => parseImport('notes\n')).toThrow(/only a header/)
  })

  it('takes 5,000 rows and more (sent in batches), up to its caps', () => {
    expect(parseImport('notes\n' + 'x\n'.repeat(5_000)).rows).toHaveLength(5_000)
    const csv = 'notes\n' + 'x\n'.repeat(MAX_IMPORT_ROWS)
    expect(parseImport(csv).rows).toHaveLength(MAX_IMPORT_ROWS)
    expect(() => parseImport(csv + 'one too many\n')).toThrow(/at most 100,000 auths/)
    const json = JSON.stringify(Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({})))
    expect(() => parseImport(json)).toThrow('this has 100,001 rows')
    expect(() => parseImport('notes\n' + 'x'.repeat(50 * 1024 * 1024))).toThrow(/at most 50.0 MB/)
  })

  it('reads a results file back: the saved rows left out, the others from their own columns', () => {
    const parsed = parseImport(
      [
        'row,auth number,outcome,message,auth_Number,notes',
        '1,26-000900,created,Auth 26-000900 created.,,New',
        '2,26-000024,failed,Auth 26-000024 was saved at …,26-000024,Retry me',
        '3,26-000025,updated,Auth 26-000025 updated.,26-000025,Done',
        '4,,problems,Urgent: Use true or false,,Fix me',
      ].join('\n'),
      'bulk-results.csv',
    )
    expect(parsed.skippedSaved).toBe(2)
    expect(parsed.columns).toEqual(['auth_Number', 'notes'])
    expect(parsed.fileName).toBe('bulk-results.csv')
    expect(parsed.rows.map((r) => [r.index, r.line, r.values])).toEqual([
      [1, 3, { auth_Number: '26-000024', notes: 'Retry me' }],
      [2, 5, { auth_Number: '', notes: 'Fix me' }],
    ])
    expect(() =>
      parseImport('row,auth number,outcome,message,notes\n1,26-1,created,ok,x\n'),
    ).toThrow(/Every row of this results file was saved/)
  })

  it('takes the guarding apostrophe off a results file’s cells, and only a results file’s', () => {
    const results = parseImport(
      [
        "row,auth number,outcome,message,notes,'=name",
        "1,,problems,x,'=1+1,'@SUM(A1)",
        "2,,problems,x,''=1+1,'tis",
        '3,,problems,x,"\'\t=1",-5',
      ].join('\r\n'),
    )
    expect(results.columns).toEqual(['notes', '=name'])
    expect(results.rows.map((r) => r.values)).toEqual([
      { notes: '=1+1', '=name': '@SUM(A1)' },
      { notes: "'=1+1", '=name': "'tis" },
      { notes: '\t=1', '=name': '-5' },
    ])
    // Any other file's values are its own.
    expect(parseImport("notes\n'=1+1\n").rows[0]?.values).toEqual({ notes: "'=1+1" })
  })

  it('takes a results file larger than an import file, up to MAX_RESULTS_BYTES', () => {
    const header = 'row,auth number,outcome,message,notes\n1,,failed,x,'
    const sized = (bytes: number) => header + 'x'.repeat(bytes - header.length)
    expect(() => parseImport(sized(MAX_RESULTS_BYTES + 1))).toThrow(
      'This is 88.1 MB; an import takes at most 50.0 MB (a results file of an earlier import, 88.1 MB). Split it into smaller files.',
    )
    // Over 50 MB: a results file is read, any other file is not.
    expect(parseImport(sized(MAX_IMPORT_BYTES + 1)).rows[0]?.values.notes).toHaveLength(
      MAX_IMPORT_BYTES + 1 - header.length,
    )
    expect(() => parseImport(sized(MAX_IMPORT_BYTES + 1).replace('row,', 'rows,'))).toThrow(
      /^This is 50.0 MB; an import takes at most 50.0 MB\. Split/,
    )
    expect(() => parseImport(`[${'0,'.repeat(MAX_IMPORT_BYTES / 2)}0]`)).toThrow(
      /an import takes at most 50.0 MB\. Split/,
    )
  })

  it('refuses a file whose results file could grow past MAX_RESULTS_BYTES', () => {
    // 100,000 objects naming none of the 1,000 columns one of them names: a small file, but in
    // its results file each of those cells is a comma.
    const columns = Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`c${i}`, 1]))
    const json = JSON.stringify([
      columns,
      ...Array.from({ length: MAX_IMPORT_ROWS - 1 }, () => ({})),
    ])
    expect(utf8Length(json)).toBeLessThan(MAX_IMPORT_BYTES / 100)
    expect(() => parseImport(json)).toThrow(
      'The results file of this import could grow past 88.1 MB, more than an import takes back. Split it into smaller files.',
    )
    expect(parseImport(JSON.stringify([columns, {}])).rows).toHaveLength(2)
  })
})

describe('utf8Length', () => {
  it('counts as TextEncoder does', () => {
    for (const text of [
      '',
      'plain',
      'é',
      'ü and €',
      '😀 x',
      '\ud800 lone',
      'a\udc00',
      `${'x'.repeat(99)}é`,
    ])
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length)
  })
})

describe('convertCell', () => {
  it('turns text into the field’s type and refuses what is not one', () => {
    expect(convertCell('number', ' 12.5 ')).toEqual({ value: 12.5 })
    expect(convertCell('number', 'twelve')).toEqual({ error: 'Enter a number' })
    expect(convertCell('boolean', 'Yes')).toEqual({ value: true })
    expect(convertCell('boolean', 'maybe')).toEqual({ error: 'Use true or false' })
    expect(convertCell('date', '2026-03-14')).toEqual({ value: '2026-03-14T00:00:00' })
    expect(convertCell('date', '2026-02-30')).toHaveProperty('error')
    expect(convertCell('text', '')).toEqual({ value: null })
    expect(convertCell('text', 100244581)).toEqual({ value: '100244581' })
    expect(convertCell('boolean', 1)).toHaveProperty('error')
  })
})

describe('checkImportRow', () => {
  it('accepts a row with a few columns and keeps only those', () => {
    const check = checkImportRow(row({ notes: 'Hi', urgent: 'y', units_Requested: '3' }))
    expect(check).toEqual({
      ok: true,
      auth: { notes: 'Hi', urgent: true, units_Requested: 3 },
      errors: {},
    })
  })

  it('names every bad field: type, negative numbers, ranges out of order, auth number', () => {
    const check = checkImportRow(
      row({
        auth_Number: 'bad number!',
        units_Approved: '-2',
        visits_Requested: 'many',
        approved_From: '2026-03-10',
        approved_Thru: '2026-03-01',
        closed: 'perhaps',
      }),
    )
    expect(check.ok).toBe(false)
    expect(check.errors).toEqual({
      auth_Number: expect.stringContaining('letters, digits'),
      units_Approved: 'Must be 0 or more',
      visits_Requested: 'Enter a number',
      approved_Thru: 'Must not be before approved from',
      closed: 'Use true or false',
    })
  })

  it('reports a row that could not be read', () => {
    expect(
      checkImportRow({ index: 3, format: 'csv', values: {}, shapeError: 'Has 1 values' }),
    ).toEqual({
      ok: false,
      errors: { '(row)': 'Has 1 values' },
    })
  })

  it('leaves blank CSV cells out (not given) but clears a field set to "" or null in JSON', () => {
    const csv = checkImportRow(row({ auth_Number: '26-000001', notes: '', urgent: ' ' }, 'csv'))
    expect(csv.ok && csv.auth).toEqual({ auth_Number: '26-000001' })
    const json = checkImportRow(row({ auth_Number: '26-000001', notes: '', region: null }))
    expect(json.ok && json.auth).toEqual({ auth_Number: '26-000001', notes: null, region: null })
  })

  it('refuses a code and a status that contradict each other', () => {
    const check = checkImportRow(row({ auth_Code: 'A', status: 'Denied' }), codes)
    expect(check.errors).toEqual({
      status: 'Code A means Approved, but the status reads Denied.',
    })
    expect(checkImportRow(row({ auth_Code: 'A', status: 'Approved' }), codes).ok).toBe(true)
  })

  it('keeps unknown columns as they are', () => {
    const check = checkImportRow(row({ notes: 'Hi', colour: 'red' }))
    expect(check.ok && check.auth).toEqual({ notes: 'Hi', colour: 'red' })
  })

  it('refuses a row that gives nothing to create: blank cells or unknown columns alone', () => {
    const empty = { '(row)': 'The row gives no field of an auth: there is nothing to create.' }
    expect(checkImportRow(row({ notes: ' ', urgent: '' }, 'csv')).errors).toEqual(empty)
    expect(checkImportRow(row({ colour: 'red' })).errors).toEqual(empty)
    // JSON nulls and blank text give nothing either (a null clears a field of an auth that exists).
    expect(checkImportRow(row({ auth_Number: null, notes: null })).errors).toEqual(empty)
    expect(checkImportRow(row({ notes: '   ' })).errors).toEqual(empty)
    // A number alone names an auth to compare with: the auth read decides what it does.
    expect(checkImportRow(row({ auth_Number: '26-000001' }, 'csv')).ok).toBe(true)
    expect(checkImportRow(row({ subscriber_ID: '100244581' }, 'csv')).ok).toBe(true)
  })
})

describe('toSendItem', () => {
  const existing = {
    auth_Number: '26-000001',
    closed: false,
    new_Or_Extended: false,
    previous_Treatment: true,
    tPlan_DownLoaded: false,
    tPlan_Printed: 'Y',
    urgent: true,
    notes: 'Old',
    cityCode_ID: 'X1',
  } satisfies Auth

  it('puts the row over the existing auth, keeping fields the file leaves out', () => {
    const item = toSendItem({ auth_Number: '26-000001', notes: 'New', urgent: null }, existing)
    expect(item).toEqual({ ...existing, notes: 'New' })
  })

  it('sends the version of the auth it read, whatever the file says (the service checks it)', () => {
    const read = { ...existing, update_Date: '2026-03-14T09:30:00.123' }
    const fromFile = { auth_Number: '26-000001', notes: 'New', update_Date: '2020-01-01' }
    expect(toSendItem(fromFile, read).update_Date).toBe('2026-03-14T09:30:00.123')
    expect(toSendItem({ ...fromFile, update_Date: null }, read).update_Date).toBe(
      '2026-03-14T09:30:00.123',
    )
  })

  it('defaults the NOT NULL fields of a new auth and drops an empty number', () => {
    expect(toSendItem({ auth_Number: null, notes: 'New' }, undefined)).toEqual({
      closed: false,
      new_Or_Extended: false,
      previous_Treatment: false,
      tPlan_DownLoaded: false,
      tPlan_Printed: 'N',
      urgent: false,
      notes: 'New',
    })
  })
})

describe('duplicateNumbers', () => {
  it('flags every row naming an auth another row names', () => {
    const rows = [
      { index: 1, format: 'csv', values: { auth_Number: '26-000024' } },
      { index: 2, format: 'csv', values: { auth_Number: '' } },
      { index: 3, format: 'csv', values: { auth_Number: ' 26-000024 ' } },
      { index: 4, format: 'csv', values: { auth_Number: '26-000025' } },
      { index: 5, format: 'json', values: { auth_Number: '26-000024' } },
    ] satisfies ImportRow[]
    const duplicates = duplicateNumbers(rows)
    expect([...duplicates]).toEqual([
      [1, [3, 5]],
      [3, [1, 5]],
      [5, [1, 3]],
    ])
    expect(duplicateMessage('26-000024', [3, 5])).toBe('26-000024 is also in rows 3 and 5')
    expect(duplicateMessage('26-000024', [3])).toBe('26-000024 is also in row 3')
  })
})

describe('compareWithExisting', () => {
  const existing = {
    auth_Number: '26-000024',
    closed: false,
    new_Or_Extended: false,
    previous_Treatment: false,
    tPlan_DownLoaded: false,
    tPlan_Printed: 'N',
    urgent: false,
    auth_Code: 'P',
    status: 'Pended',
    subscriber_ID: '100244581',
    provider_ID: 'PRV10005',
    notes: 'Original',
    approved_From: '2026-03-10T00:00:00',
    update_Date: '2026-03-01T09:00:00.123',
  } satisfies Auth

  it('lists the fields a row changes, old and new, and nothing it leaves as it is', () => {
    const { changes, errors } = compareWithExisting(
      {
        auth_Number: '26-000024',
        subscriber_ID: '100244999',
        provider_ID: 'PRV10005',
        notes: 'Replaced',
        update_Date: '2020-01-01T00:00:00',
      },
      existing,
      codes,
    )
    expect(changes).toEqual([
      { field: 'subscriber_ID', from: '100244581', to: '100244999' },
      { field: 'notes', from: 'Original', to: 'Replaced' },
    ])
    expect(errors).toEqual({})
  })

  it('counts no change in a column the service does not know', () => {
    const { changes } = compareWithExisting(
      { auth_Number: '26-000024', colour: 'blue' },
      existing,
      codes,
    )
    expect(changes).toEqual([])
  })

  it('finds a range the row reverses with one end, and a code that contradicts the stored status', () => {
    const { errors } = compareWithExisting(
      { approved_Thru: '2026-03-01T00:00:00', auth_Code: 'A' },
      existing,
      codes,
    )
    expect(errors).toEqual({
      approved_Thru: 'Must not be before approved from',
      auth_Code: 'Code A means Approved, but the status reads Pended.',
    })
  })
})
