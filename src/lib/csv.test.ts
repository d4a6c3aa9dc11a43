import { describe, expect, it } from 'vitest'
import { CsvError, csvField, detectDelimiter, formatCsvLine, parseCsv, readCsvField } from './csv'

const values = (text: string) => parseCsv(text).map((r) => r.values)

describe('parseCsv', () => {
  it('reads plain rows and keeps empty values', () => {
    expect(values('a,b,c\n1,,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ])
  })

  it('reads quoted values holding delimiters, doubled quotes and line breaks', () => {
    const text = 'name,notes\n"Smith, Jo","He said ""yes""\nthen left"\n'
    expect(values(text)).toEqual([
      ['name', 'notes'],
      ['Smith, Jo', 'He said "yes"\nthen left'],
    ])
  })

  it('numbers records by the line they start on, counting line breaks inside quotes', () => {
    const records = parseCsv('h\n"two\nlines"\nlast')
    expect(records.map((r) => r.line)).toEqual([1, 2, 4])
  })

  it('accepts CRLF and CR line endings and a missing final newline', () => {
    expect(values('a,b\r\n1,2\r3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ])
  })

  it('drops a byte-order mark and skips blank lines', () => {
    expect(values('\uFEFFa\n\n\nb\n\n')).toEqual([['a'], ['b']])
  })

  it('keeps an empty quoted value and a line of only delimiters', () => {
    expect(values('""\n,')).toEqual([[''], ['', '']])
  })

  it('keeps a quote inside an unquoted value as it is', () => {
    expect(values('5" wide,x')).toEqual([['5" wide', 'x']])
  })

  it('detects semicolons and tabs from the first line, ignoring quoted ones', () => {
    expect(detectDelimiter('a;b;c\n1,2;3')).toBe(';')
    expect(detectDelimiter('a\tb\n')).toBe('\t')
    expect(detectDelimiter('"x;y;z",b\n')).toBe(',')
    expect(values('a;b\n"1;2";3')).toEqual([
      ['a', 'b'],
      ['1;2', '3'],
    ])
  })

  it('names the line of an unclosed quote', () => {
    expect(() => parseCsv('a\nb\n"open,1\n2')).toThrow(CsvError)
    expect(() => parseCsv('a\nb\n"open,1\n2')).toThrow('Line 3: a quoted value is not closed')
  })

  it('refuses text after a closing quote', () => {
    expect(() => parseCsv('a\n"x"y,2')).toThrow('Line 2: unexpected text after a closing quote')
  })

  it('stops past the record limit with a clear message', () => {
    expect(parseCsv('1\n2\n3', { maxRecords: 3 })).toHaveLength(3)
    expect(() => parseCsv('1\n2\n3\n4', { maxRecords: 3 })).toThrow('Line 4: more than 3 rows')
  })
})

describe('formatCsvLine', () => {
  it('quotes only the values that need it and round-trips through the parser', () => {
    const row = ['plain', 'a,b', 'say "hi"', 'two\nlines', '']
    const line = formatCsvLine(row)
    expect(line).toBe('plain,"a,b","say ""hi""","two\nlines",')
    expect(values(line)).toEqual([row])
  })
})

describe('csvField', () => {
  it('leaves plain text alone', () => {
    expect(csvField('Call provider')).toBe('Call provider')
    expect(csvField('')).toBe('')
    expect(csvField("'tis")).toBe("'tis")
  })

  it('quotes delimiters (comma, semicolon, tab), quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('a;b')).toBe('"a;b"')
    expect(csvField('a\tb')).toBe('"a\tb"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"')
    expect(csvField('cr\rlf')).toBe('"cr\rlf"')
  })

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('+1 555')).toBe("'+1 555")
    expect(csvField('-1+1')).toBe("'-1+1")
    expect(csvField('\t=1')).toBe(`"'\t=1"`)
    expect(csvField('\r=1')).toBe(`"'\r=1"`)
    // Plain numbers stay numbers.
    expect(csvField('-5')).toBe('-5')
    expect(csvField('+2.5')).toBe('+2.5')
  })

  it('gives a value that looks guarded already one more apostrophe', () => {
    expect(csvField("'=1+1")).toBe("''=1+1")
    expect(csvField("''-5")).toBe("'''-5")
  })
})

describe('readCsvField', () => {
  const written = [
    'plain',
    '',
    '=1+1',
    "'=1+1",
    "''=1+1",
    '=HYPERLINK("http://x","y")',
    '+1',
    '+1 555',
    '-1+1',
    '-5',
    "'-5",
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    "'tis",
    "'",
    'a;b,c\td "e"\nf',
  ]

  it('gives back every value as it was before csvField, read through the parser', () => {
    const line = written.map(csvField).join(',')
    const [record] = parseCsv(`${line}\r\n`)
    expect(record?.values.map(readCsvField)).toEqual(written)
  })

  it('leaves values csvField would not have guarded alone', () => {
    expect(readCsvField("'tis")).toBe("'tis")
    expect(readCsvField('-5')).toBe('-5')
    expect(readCsvField("'=1+1")).toBe('=1+1')
  })
})
