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

const QUOTE = 34
const LF = 10
const CR = 13

export function parseCsv(input: string, options: CsvOptions = {}): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input
  const delimiter = options.delimiter ?? detectDelimiter(text)
  const delim = delimiter.charCodeAt(0)
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

  // Runs of plain text are taken whole (a slice), never a character at a time: a file of tens of
  // megabytes is read in well under a second.
  const length = text.length
  let i = 0
  while (i < length) {
    const code = text.charCodeAt(i)
    if (code === QUOTE && atValueStart) {
      const openedOn = line
      hasContent = true
      atValueStart = false
      i++
      for (;;) {
        const close = text.indexOf('"', i)
        if (close < 0) throw new CsvError(openedOn, 'a quoted value is not closed')
        for (let j = i; j < close; j++) {
          const c = text.charCodeAt(j)
          if (c === LF || (c === CR && text.charCodeAt(j + 1) !== LF)) line++
        }
        value += text.slice(i, close)
        if (text.charCodeAt(close + 1) === QUOTE) {
          value += '"'
          i = close + 2
        } else {
          i = close + 1
          break
        }
      }
      if (i < length) {
        const next = text.charCodeAt(i)
        if (next !== delim && next !== LF && next !== CR)
          throw new CsvError(line, 'unexpected text after a closing quote')
      }
    } else if (code === delim) {
      values.push(value)
      value = ''
      hasContent = true
      atValueStart = true
      i++
    } else if (code === LF || code === CR) {
      endRecord()
      i += code === CR && text.charCodeAt(i + 1) === LF ? 2 : 1
      line++
      recordLine = line
    } else {
      // Up to the next delimiter or line break; a quote in there is kept as it is.
      let j = i + 1
      while (j < length) {
        const c = text.charCodeAt(j)
        if (c === delim || c === LF || c === CR) break
        j++
      }
      value += text.slice(i, j)
      hasContent = true
      atValueStart = false
      i = j
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

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain number stays a number, though it may start with a sign. */
const NUMBER = /^[-+]?\d+(?:\.\d+)?$/
/** A value that would read as a guarded one: apostrophes, then what starts a formula. */
const LOOKS_GUARDED = /^'+[=+\-@\t\r]/

/**
 * One CSV field of a file made for spreadsheets (the events export, the auth import's results):
 * text a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`, or a tab or CR first; not a
 * plain number such as `-5`) gets a `'` in front, so it stays text. So that `readCsvField` can
 * give every value back as it was, one that would look guarded already (`'=1+1`: apostrophes,
 * then one of those) gets one more as well. Then RFC 4180: quoted when it holds a comma, semicolon,
 * tab, quote, CR or LF (so no delimiter is guessed wrong), with quotes doubled.
 */
export function csvField(value: string): string {
  const guarded =
    (FORMULA_START.test(value) && !NUMBER.test(value)) || LOOKS_GUARDED.test(value)
      ? `'${value}`
      : value
  return /[",;\t\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

/**
 * A value of a file `csvField` wrote, as it was before: the `'` it put in front is taken off. Only
 * for such files: elsewhere a leading apostrophe is the value's own.
 */
export function readCsvField(text: string): string {
  return LOOKS_GUARDED.test(text) ? text.slice(1) : text
}
