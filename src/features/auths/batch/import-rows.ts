import { normalizeServiceDate } from '@/api/dates'
import { authWriteSchema, type Auth } from '@/api/schemas/auth'
import { changedFields } from '@/components/form-save/edit-conflict'
import { CsvError, parseCsv } from '@/lib/csv'
import { formatCount } from '@/lib/format/format'
import { codeStatusConflict, type AuthCodeInfo } from '../auth-codes'
import {
  AUTH_FIELDS,
  DATE_RANGES,
  isAuthKey,
  REQUIRED_DEFAULTS,
  type ValueKind,
} from '../auth-fields'
import { checkAuthRules, MESSAGES } from '../auth-rules'

/** Largest text the import reads. */
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

function parseCsvRows(text: string): { rows: ImportRow[]; columns: string[]; skipped: number } {
  let records
  try {
    records = parseCsv(text, { maxRecords: MAX_IMPORT_ROWS + 1 })
  } catch (error) {
    if (error instanceof CsvError && error.message.includes('more than')) throw tooManyRows()
    throw new ImportError(`This CSV cannot be read. ${(error as Error).message}.`)
  }
  const [header, ...body] = records
  if (!header) throw new ImportError('The CSV is empty.')
  const columns = header.values.map((c) => c.trim())
  const blank = columns.findIndex((c) => c === '')
  if (blank >= 0) throw new ImportError(`Column ${blank + 1} of the header row has no name.`)
  const repeated = columns.find((c, i) => columns.indexOf(c) !== i)
  if (repeated) throw new ImportError(`The column ${repeated} appears twice in the header row.`)
  // A results file: its own four columns first, then the rows as they were.
  const results = RESULT_COLUMNS.every((c, i) => columns[i]?.toLowerCase() === c)
  const first = results ? RESULT_COLUMNS.length : 0
  const kept = results
    ? body.filter((r) => !DONE_OUTCOMES.has((r.values[2] ?? '').trim().toLowerCase()))
    : body
  const rows = kept.map((record, i) => {
    const values: Record<string, unknown> = {}
    columns.forEach((column, c) => {
      if (c >= first) values[column] = record.values[c] ?? ''
    })
    const row: ImportRow = { index: i + 1, line: record.line, format: 'csv', values }
    if (record.values.length !== columns.length)
      row.shapeError = `Has ${record.values.length} values; the header has ${columns.length}`
    return row
  })
  return { rows, columns: columns.slice(first), skipped: body.length - kept.length }
}

/**
 * Reads pasted or uploaded text as CSV or JSON (told apart by the first character). A results
 * file of an earlier import (`RESULT_COLUMNS` first) gives back the rows not yet saved.
 */
export function parseImport(text: string, fileName?: string): ParsedImport {
  const bytes = new TextEncoder().encode(text).length
  if (bytes > MAX_IMPORT_BYTES)
    throw new ImportError(
      `This is ${sizeText(bytes)}; an import takes at most ${sizeText(MAX_IMPORT_BYTES)}. Split it into smaller files.`,
    )
  const trimmed = text.replace(/^\uFEFF/, '').trim()
  if (trimmed === '') throw new ImportError('Paste or choose a CSV or JSON file first.')
  const format: ImportFormat = trimmed.startsWith('[') || trimmed.startsWith('{') ? 'json' : 'csv'
  const read =
    format === 'json'
      ? { rows: parseJsonRows(trimmed), columns: null, skipped: 0 }
      : parseCsvRows(text)
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
export function convertCell(kind: ValueKind, raw: unknown): { value: unknown } | { error: string } {
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
    const converted = convertCell(AUTH_FIELDS[key].kind, raw)
    if ('error' in converted) errors[key] = converted.error
    else auth[key] = converted.value
  }
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
export function toSendItem(rowAuth: Record<string, unknown>, existing: Auth | undefined): Auth {
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
  return item
}

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
  const given = Object.keys(rowAuth)
  const edits = changedFields(existing, Object.fromEntries(given.map((f) => [f, item[f]])))
  const changes = Object.keys(edits)
    .filter((field) => !NOT_CHANGES.has(field))
    .map((field) => ({ field, from: existing[field], to: item[field] }))
  // Rules on the auth as it would be, reported where the row is the cause.
  const touched = new Set(given)
  for (const [from, thru] of DATE_RANGES)
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
