import { formatCount } from './format/format'

/**
 * A small RFC 4180 CSV reader: quoted values may hold the delimiter, line breaks and doubled
 * quotes (`""`); CRLF, LF and CR line endings; a leading byte-order mark is dropped; blank lines
 * are skipped. The delimiter is a comma, a semicolon or a tab, detected from the first line unless
 * given. Malformed input (an unclosed quote, text after a closing quote) throws `CsvError` naming
 * the line.
 */

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number
  values: string[]
}

export interface CsvOptions {
  delimiter?: ',' | ';' | '\t'
  /** Most records read (header included); one more throws `CsvError`. */
  maxRecords?: number
}

export class CsvError extends Error {
  override readonly name = 'CsvError'
  readonly line: number

  constructor(line: number, message: string) {
    super(`Line ${line}: ${message}`)
    this.line = line
  }
}

const CANDIDATES = [',', ';', '\t'] as const

/** The delimiter used most often outside quotes on the first line; a comma when none is. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = new Map<string, number>()
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && (CANDIDATES as readonly string[]).includes(char))
      counts.set(char, (counts.get(char) ?? 0) + 1)
  }
  let best: ',' | ';' | '\t' = ','
  for (const candidate of CANDIDATES)
    if ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0)) best = candidate
  return best
}

export function parseCsv(input: string, options: CsvOptions = {}): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const delimiter = options.delimiter ?? detectDelimiter(text)
  const max = options.maxRecords ?? Infinity
  const records: CsvRecord[] = []
  let values: string[] = []
  let value = ''
  let line = 1
  let recordLine = 1
  // At the start of a value a quote opens a quoted value; elsewhere it is kept as it is.
  let atValueStart = true
  // Whether the record holds anything at all: a blank line holds nothing and is skipped.
  let hasContent = false

  const endRecord = () => {
    values.push(value)
    if (hasContent) {
      if (records.length >= max)
        throw new CsvError(recordLine, `more than ${formatCount(max)} rows`)
      records.push({ line: recordLine, values })
    }
    values = []
    value = ''
    atValueStart = true
    hasContent = false
  }

  let i = 0
  while (i < text.length) {
    const char = text[i] as string
    if (char === '"' && atValueStart) {
      const openedOn = line
      hasContent = true
      atValueStart = false
      i++
      for (;;) {
        if (i >= text.length) throw new CsvError(openedOn, 'a quoted value is not closed')
        const c = text[i] as string
        if (c === '"' && text[i + 1] === '"') {
          value += '"'
          i += 2
        } else if (c === '"') {
          i++
          break
        } else {
          if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++
          value += c
          i++
        }
      }
      const next = text[i]
      if (next !== undefined && next !== delimiter && next !== '\n' && next !== '\r')
        throw new CsvError(line, 'unexpected text after a closing quote')
    } else if (char === delimiter) {
      values.push(value)
      value = ''
      hasContent = true
      atValueStart = true
      i++
    } else if (char === '\n' || char === '\r') {
      endRecord()
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
      recordLine = line
    } else {
      value += char
      hasContent = true
      atValueStart = false
      i++
    }
  }
  if (hasContent) endRecord()
  return records
}

/** Formats one CSV line, quoting values that need it (for templates and exports). */
export function formatCsvLine(values: readonly string[], delimiter = ','): string {
  return values
    .map((v) =>
      v.includes(delimiter) || v.includes('"') || v.includes('\n') || v.includes('\r')
        ? `"${v.replaceAll('"', '""')}"`
        : v,
    )
    .join(delimiter)
}
