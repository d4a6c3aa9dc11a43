import { describe, expect, it } from 'vitest'
import { CsvError, detectDelimiter, formatCsvLine, parseCsv } from './csv'

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
