import { normalizeServiceDate } from '@/api/dates'
import { authWriteSchema, type Auth } from '@/api/schemas/auth'
import { changedFields } from '@/components/form-save/edit-conflict'
import { CsvError, csvField, parseCsv, readCsvField } from '@/lib/csv'
import { formatCount } from '@/lib/format/format'
import { codeStatusConflict, type AuthCodeInfo } from '../auth-codes'
import {
  AUTH_FIELDS,
  isAuthKey,
  REQUIRED_DEFAULTS,
  type AuthFieldType,
} from '@/api/schemas/auth-fields'
import { AUTH_DATE_ORDER } from '@/api/schemas/date-order'
import { checkAuthRules, MESSAGES } from '../auth-rules'
import { decisionClock, DEFAULT_DECISION_RULES } from '../model/decision-clock'

/** Largest file the import reads, unless it is a results file (`MAX_RESULTS_BYTES`). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024
/** Most rows one import takes; they are sent in batches of the service's size. */
export const MAX_IMPORT_ROWS = 100_000

/**
 * The first columns of a results file (`import-results.ts`): a results file imported again
 * leaves out the rows it records as saved, and checks the others from their own columns.
 */
export const RESULT_COLUMNS = ['row', 'auth number', 'outcome', 'message'] as const
/** Outcomes of a results file whose rows need nothing more. */
const DONE_OUTCOMES = new Set(['created', 'updated'])

/** Longest message a results file gives a row, in bytes as written; a longer one is cut (…). */
export const MAX_RESULT_MESSAGE_BYTES = 300

/**
 * What a line of a results file holds besides the row's own cells and the comma before each, in
 * bytes at most: the row's number (6: 100,000), the auth number (30: an auth number or nothing),
 * the outcome (9: "unchanged"), the message, three commas between those four, and CRLF (2).
 */
const RESULT_LINE_ROOM = 6 + 30 + 9 + MAX_RESULT_MESSAGE_BYTES + 3 + 2

/**
 * What a row's own cells may gain when a results file writes them again (`csvField`), in bytes a
 * row, over the whole file: a `'` before a cell a spreadsheet would run, quotes around one
 * holding a comma or semicolon that its file had no need to quote, a JSON number written in full.
 */
const CELL_GROWTH_ROOM = 50

/**
 * Largest results file the import reads again: what the results file of the largest import can
 * grow to. That import is `MAX_IMPORT_BYTES` in `MAX_IMPORT_ROWS` rows. Its results file holds
 * every cell again, each after a comma as each was after a delimiter or began a line, and per row
 * `RESULT_LINE_ROOM` more (its CRLF for the line's LF) and `CELL_GROWTH_ROOM`; then the header's
 * four column names and a byte-order mark (64). 50 MiB + 100,000 × (350 + 50) B + 64 B =
 * 92,428,864 bytes, "88.1 MB". Every file is held to it (`resultsFileBound`, in `parseImport`):
 * one whose results file could outgrow it (cells that grow much more, JSON objects that leave out
 * most of the columns, a comma each in CSV) is refused before anything is sent, so every results
 * file the import makes goes back in.
 */
export const MAX_RESULTS_BYTES =
  MAX_IMPORT_BYTES + MAX_IMPORT_ROWS * (RESULT_LINE_ROOM + CELL_GROWTH_ROOM) + 64

export type ImportFormat = 'csv' | 'json'

/** One auth of the file, as it came (CSV cells are text; JSON values keep their types). */
export interface ImportRow {
  /** 1-based position among the rows. */
  index: number
  /** Line of the file the row starts on (CSV only). */
  line?: number
  /** CSV cells are text, and a blank one means "not given"; JSON values keep their types. */
  format: ImportFormat
  values: Record<string, unknown>
  /** Why the row could not be read as an auth at all (wrong number of cells, not an object). */
  shapeError?: string
  /**
   * What an earlier import left undecided about the row, held back until the user decides: it
   * was refused because the auth changed meanwhile (`conflict`), its answer was lost (`not
   * confirmed`), or this tab already created an auth from the very same row (`created`).
   */
  earlier?: { outcome: 'conflict' | 'not confirmed' } | { outcome: 'created'; authNumber: string }
}

export interface ParsedImport {
  format: ImportFormat
  rows: ImportRow[]
  /** Columns the service does not know: sent along, but it ignores them. */
  unknownColumns: string[]
  /** The file's columns in order (a JSON file's keys as first met), for the results file. */
  columns: string[]
  /** Rows a results file records as saved, left out. */
  skippedSaved: number
  /** The chosen file's name, when one was chosen (names the results file). */
  fileName?: string | undefined
}

/** The input cannot be read at all: too large, malformed, no rows. */
export class ImportError extends Error {
  override readonly name = 'ImportError'
}

const sizeText = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const rowsText = (n: number) => formatCount(n)

/** Why a file is too large to import: a source over `MAX_IMPORT_BYTES`, or any file over both. */
export function tooLargeMessage(bytes: number, anyFile = false, name = 'This') {
  const what = anyFile
    ? `an import takes at most ${sizeText(MAX_IMPORT_BYTES)} (a results file of an earlier import, ${sizeText(MAX_RESULTS_BYTES)})`
    : `an import takes at most ${sizeText(MAX_IMPORT_BYTES)}`
  return `${name} is ${sizeText(bytes)}; ${what}. Split it into smaller files.`
}

/** Bytes of `text` in UTF-8 (a lone surrogate as the replacement character, as TextEncoder does). */
export function utf8Length(text: string): number {
  // Mostly ASCII, a byte a character: the characters are counted from the first that is not.
  const first = text.search(/[^\0-\x7f]/)
  if (first < 0) return text.length
  let bytes = text.length
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) continue
    if (c < 0x800) bytes += 1
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2
      i++
    } else bytes += 2
  }
  return bytes
}

/** A row's value as a results file's cell: blank for none, JSON for an object or a list. */
export const cellText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)

/**
 * The most bytes the results file of these rows can take (`resultsCsv`): the header, and per row
 * `RESULT_LINE_ROOM` and the row's own cells as written, each after a comma. Counting stops once
 * past `stopAbove`.
 */
export function resultsFileBound(
  columns: readonly string[],
  rows: readonly ImportRow[],
  stopAbove = Infinity,
): number {
  let bytes = utf8Length([...RESULT_COLUMNS, ...columns].map(csvField).join(',')) + 2
  for (const row of rows) {
    // A cell the row leaves out is blank: its comma alone.
    bytes += RESULT_LINE_ROOM + columns.length
    for (const value of Object.values(row.values)) {
      const text = cellText(value)
      if (text !== '') bytes += utf8Length(csvField(text))
    }
    if (bytes > stopAbove) break
  }
  return bytes
}

function tooManyRows(count?: number): ImportError {
  const got = count === undefined ? 'more rows than that' : `${rowsText(count)} rows`
  return new ImportError(
    `An import takes at most ${rowsText(MAX_IMPORT_ROWS)} auths; this has ${got}. Split it into smaller files.`,
  )
}

function parseJsonRows(text: string): ImportRow[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ImportError(`This is not valid JSON: ${(error as Error).message}`)
  }
  const items = Array.isArray(data) ? data : [data]
  if (items.length > MAX_IMPORT_ROWS) throw tooManyRows(items.length)
  return items.map((item, i) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? { index: i + 1, format: 'json', values: { ...(item as Record<string, unknown>) } }
      : { index: i + 1, format: 'json', values: {}, shapeError: 'Expected an auth object' },
  )
}

function parseCsvRows(text: string): {
  rows: ImportRow[]
  columns: string[]
  skipped: number
  results: boolean
} {
  let records
  try {
    records = parseCsv(text, { maxRecords: MAX_IMPORT_ROWS + 1 })
  } catch (error) {
    if (error instanceof CsvError && error.message.includes('more than')) throw tooManyRows()
    throw new ImportError(`This CSV cannot be read. ${(error as Error).message}.`)
  }
  const [header, ...body] = records
  if (!header) throw new ImportError('The CSV is empty.')
  // A results file: its own four columns first, then the rows as they were, each cell written by
  // `csvField` (a `'` before what a spreadsheet would run), which `readCsvField` takes off again.
  const results = isResultsHeader(header.values)
  const read = results ? readCsvField : (text: string) => text
  const columns = header.values.map((c) => read(c).trim())
  const blank = columns.findIndex((c) => c === '')
  if (blank >= 0) throw new ImportError(`Column ${blank + 1} of the header row has no name.`)
  const repeated = columns.find((c, i) => columns.indexOf(c) !== i)
  if (repeated) throw new ImportError(`The column ${repeated} appears twice in the header row.`)
  const first = results ? RESULT_COLUMNS.length : 0
  const kept = results
    ? body.filter((r) => !DONE_OUTCOMES.has((r.values[2] ?? '').trim().toLowerCase()))
    : body
  const rows = kept.map((record, i) => {
    const values: Record<string, unknown> = {}
    columns.forEach((column, c) => {
      if (c >= first) values[column] = read(record.values[c] ?? '')
    })
    const row: ImportRow = { index: i + 1, line: record.line, format: 'csv', values }
    const outcome = results ? (record.values[2] ?? '').trim().toLowerCase() : ''
    if (outcome === 'conflict' || outcome === 'not confirmed') row.earlier = { outcome }
    if (record.values.length !== columns.length)
      row.shapeError = `Has ${record.values.length} values; the header has ${columns.length}`
    return row
  })
  return { rows, columns: columns.slice(first), skipped: body.length - kept.length, results }
}

/** Whether a CSV header is a results file's: `RESULT_COLUMNS` first (any case, spaces around). */
const isResultsHeader = (names: readonly string[]) =>
  RESULT_COLUMNS.every((c, i) => names[i]?.trim().toLowerCase() === c)

/**
 * Reads pasted or uploaded text as CSV or JSON (told apart by the first character). A results
 * file of an earlier import (`RESULT_COLUMNS` first) gives back the rows not yet saved. A file
 * takes at most `MAX_IMPORT_BYTES`, a results file `MAX_RESULTS_BYTES`, and no file is taken whose
 * own results file could be larger than that (`resultsFileBound`).
 */
export function parseImport(text: string, fileName?: string): ParsedImport {
  const bytes = utf8Length(text)
  const trimmed = text.replace(/^\uFEFF/, '').trim()
  if (trimmed === '') throw new ImportError('Paste or choose a CSV or JSON file first.')
  const format: ImportFormat = trimmed.startsWith('[') || trimmed.startsWith('{') ? 'json' : 'csv'
  // Only a CSV can be a results file, told by its header once read.
  if (bytes > (format === 'csv' ? MAX_RESULTS_BYTES : MAX_IMPORT_BYTES))
    throw new ImportError(tooLargeMessage(bytes, format === 'csv'))
  const read =
    format === 'json'
      ? { rows: parseJsonRows(trimmed), columns: null, skipped: 0, results: false }
      : parseCsvRows(text)
  if (!read.results && bytes > MAX_IMPORT_BYTES) throw new ImportError(tooLargeMessage(bytes))
  const { rows, skipped } = read
  if (rows.length === 0 && skipped > 0)
    throw new ImportError(
      `Every row of this results file was saved (${rowsText(skipped)}): nothing is left to import.`,
    )
  if (rows.length === 0) throw new ImportError('There are no auths in this file, only a header.')
  const unknown = new Set<string>()
  const columns = new Set<string>(read.columns ?? [])
  for (const row of rows)
    for (const key of Object.keys(row.values)) {
      columns.add(key)
      if (!isAuthKey(key)) unknown.add(key)
    }
  const resultsBytes = resultsFileBound([...columns], rows, MAX_RESULTS_BYTES)
  if (resultsBytes > MAX_RESULTS_BYTES)
    throw new ImportError(
      `The results file of this import could grow past ${sizeText(MAX_RESULTS_BYTES)}, more than an import takes back. Split it into smaller files.`,
    )
  return {
    format,
    rows,
    unknownColumns: [...unknown],
    columns: [...columns],
    skippedSaved: skipped,
    fileName,
  }
}

const BOOLEANS: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  y: true,
  n: false,
  '1': true,
  '0': false,
}

/** A cell as the field's type: `{ value }`, or `{ error }` when it cannot be one. */
export function convertCell(
  kind: AuthFieldType,
  raw: unknown,
): { value: unknown } | { error: string } {
  if (raw === null) return { value: null }
  if (typeof raw === 'string') {
    const text = raw.trim()
    if (text === '') return { value: null }
    switch (kind) {
      case 'text':
        return { value: text }
      case 'number':
      case 'integer':
        return /^-?\d+(\.\d+)?$/.test(text)
          ? { value: Number(text) }
          : { error: MESSAGES.notNumber }
      case 'boolean': {
        const flag = BOOLEANS[text.toLowerCase()]
        return flag === undefined ? { error: 'Use true or false' } : { value: flag }
      }
      case 'date': {
        const date = normalizeServiceDate(text)
        return date
          ? { value: date }
          : { error: 'Use a date such as 2026-03-14 or 2026-03-14T09:30:00' }
      }
    }
  }
  if (typeof raw === 'number')
    return kind === 'number' || kind === 'integer'
      ? { value: raw }
      : kind === 'text'
        ? { value: String(raw) }
        : { error: `Expected ${kind === 'boolean' ? 'true or false' : 'a date'}` }
  if (typeof raw === 'boolean')
    return kind === 'boolean' ? { value: raw } : { error: 'Expected text, not true or false' }
  return { error: 'Expected a single value' }
}

export type RowCheck =
  | { ok: true; auth: Record<string, unknown>; errors: Record<string, never> }
  | { ok: false; errors: Record<string, string> }

/**
 * Checks one row as the form checks an auth: each value of its field's type, numbers not
 * negative, ranges in order, the auth number usable, and a code and status that do not
 * contradict each other (by `codes`). The auth holds the row's columns only; `toSendItem`
 * completes it.
 */
export function checkImportRow(row: ImportRow, codes: readonly AuthCodeInfo[] = []): RowCheck {
  if (row.shapeError) return { ok: false, errors: { '(row)': row.shapeError } }
  const auth: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  for (const [key, raw] of Object.entries(row.values)) {
    if (raw === undefined) continue
    // A blank CSV cell is not given: a new auth leaves the field empty, an update keeps it.
    if (row.format === 'csv' && typeof raw === 'string' && raw.trim() === '') continue
    if (!isAuthKey(key)) {
      auth[key] = raw
      continue
    }
    const converted = convertCell(AUTH_FIELDS[key].type, raw)
    if ('error' in converted) errors[key] = converted.error
    else auth[key] = converted.value
  }
  if (!givesAuthFields(auth) && rowNumber(row) === null)
    errors['(row)'] ??= 'The row gives no field of an auth: there is nothing to create.'
  for (const [field, message] of Object.entries(checkAuthRules(auth))) errors[field] ??= message
  const conflict = codeStatusConflict(
    { auth_Code: auth.auth_Code as string | null, status: auth.status as string | null },
    codes,
  )
  if (conflict) errors.status ??= conflict
  const candidate = toSendItem(auth, undefined)
  const parsed = authWriteSchema.safeParse(candidate)
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      errors[String(issue.path[0] ?? '(row)')] ??= issue.message
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, auth, errors: {} }
}

/**
 * The Auth to send for a row: over the existing auth when the row names one (so columns the file
 * leaves out keep their values), else a new auth with the NOT NULL fields defaulted.
 */
export function toSendItem(
  rowAuth: Record<string, unknown>,
  existing: Auth | undefined,
  /** The time of the import (a service date): a new undecided auth without one is received then. */
  importedAt?: string,
): Auth {
  const number = rowAuth.auth_Number
  // A blank NOT NULL field means "not given": it keeps the existing value or the default.
  const rest = Object.fromEntries(
    Object.entries(rowAuth).filter(
      ([key, value]) =>
        key !== 'auth_Number' && !(value === null && Object.hasOwn(REQUIRED_DEFAULTS, key)),
    ),
  )
  const base = existing ?? REQUIRED_DEFAULTS
  const item = { ...base, ...rest } as Auth
  if (typeof number === 'string') item.auth_Number = number
  // An update is made from the version read just now, never from one the file names: the
  // service refuses a write without the version it was made from (428) or with another (409).
  if (existing) item.update_Date = existing.update_Date
  else if (importedAt && lacksReceivedDate(item)) item.received_Date = importedAt
  return item
}

/** An auth that would run no decision clock for want of the date its request was received. */
const lacksReceivedDate = (auth: Auth) =>
  decisionClock(auth, DEFAULT_DECISION_RULES, new Date()).kind === 'no-received-date'

/**
 * Whether a row creates an undecided auth without a received date: the import records the time
 * of import as received (the preview says so), so that every auth it creates has its clock.
 */
export const stampsReceived = (rowAuth: Record<string, unknown>, existing: Auth | undefined) =>
  !existing && lacksReceivedDate(toSendItem(rowAuth, undefined))

/**
 * Whether a row's auth gives a value of a field of an auth besides its number (a column the
 * service knows, not null: a null clears a field of an auth that exists, and creates nothing).
 */
export const givesAuthFields = (rowAuth: Record<string, unknown>) =>
  Object.entries(rowAuth).some(
    ([key, value]) => key !== 'auth_Number' && isAuthKey(key) && value !== null,
  )

/** A row's number when it names one (trimmed), else null. */
export const rowNumber = (row: ImportRow) => {
  const n = row.values.auth_Number
  return typeof n === 'string' && n.trim() !== ''
    ? n.trim()
    : typeof n === 'number'
      ? String(n)
      : null
}

/**
 * Rows that name the same auth as another row of the file: each with the others' row numbers. One
 * file may name an auth once; which row would win is not the file's to leave to chance.
 */
export function duplicateNumbers(rows: readonly ImportRow[]): Map<number, number[]> {
  const byNumber = new Map<string, number[]>()
  for (const row of rows) {
    const n = rowNumber(row)
    if (n === null) continue
    const list = byNumber.get(n) ?? []
    list.push(row.index)
    byNumber.set(n, list)
  }
  const duplicates = new Map<number, number[]>()
  for (const list of byNumber.values())
    if (list.length > 1)
      for (const index of list)
        duplicates.set(
          index,
          list.filter((i) => i !== index),
        )
  return duplicates
}

/** "26-000024 is also in row 4" (or "rows 4 and 9"). */
export function duplicateMessage(authNumber: string, others: readonly number[]) {
  const list =
    others.length === 1
      ? `row ${others[0]}`
      : `rows ${others.slice(0, -1).join(', ')} and ${others[others.length - 1]}`
  return `${authNumber} is also in ${list}`
}

/** One field a row changes on an existing auth. */
export interface FieldChange {
  field: string
  from: unknown
  to: unknown
}

/** Fields the service stamps or the row cannot change. */
const NOT_CHANGES = new Set([
  'auth_Number',
  'update_Date',
  'update_User',
  'entry_Date',
  'entry_User',
])

/**
 * What a row does to the auth it names, read just now: the fields it changes (old and new
 * value), and the rules the auth would break after it (a range reversed by one end given, a
 * code that contradicts the stored status), on the fields the row gives.
 */
export function compareWithExisting(
  rowAuth: Record<string, unknown>,
  existing: Auth,
  codes: readonly AuthCodeInfo[] = [],
): { changes: FieldChange[]; errors: Record<string, string> } {
  const item = toSendItem(rowAuth, existing)
  // Columns the service does not know change nothing it keeps.
  const given = Object.keys(rowAuth).filter(isAuthKey)
  const edits = changedFields(existing, Object.fromEntries(given.map((f) => [f, item[f]])))
  const changes = Object.keys(edits)
    .filter((field) => !NOT_CHANGES.has(field))
    .map((field) => ({ field, from: existing[field], to: item[field] }))
  // Rules on the auth as it would be, reported where the row is the cause.
  const touched = new Set<string>(given)
  for (const [from, thru] of AUTH_DATE_ORDER)
    if (touched.has(from) || touched.has(thru)) touched.add(from).add(thru)
  const errors: Record<string, string> = {}
  for (const [field, message] of Object.entries(checkAuthRules(item)))
    if (touched.has(field)) errors[field] = message
  if (touched.has('auth_Code') || touched.has('status')) {
    const conflict = codeStatusConflict(item, codes)
    if (conflict) errors[touched.has('status') ? 'status' : 'auth_Code'] = conflict
  }
  return { changes, errors }
}
