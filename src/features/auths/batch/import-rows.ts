import { normalizeServiceDate } from '@/api/dates'
import { authWriteSchema, type Auth } from '@/api/schemas/auth'
import { CsvError, parseCsv } from '@/lib/csv'
import { formatCount } from '@/lib/format/format'
import { AUTH_FIELDS, isAuthKey, REQUIRED_DEFAULTS, type ValueKind } from '../auth-fields'
import { checkAuthRules, MESSAGES } from '../auth-rules'

/** Largest text the import reads. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024
/** Most rows one import takes (the service takes at most 1,000 auths per batch). */
export const MAX_IMPORT_ROWS = 1000

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

function parseCsvRows(text: string): ImportRow[] {
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
  return body.map((record, i) => {
    const values: Record<string, unknown> = {}
    columns.forEach((column, c) => (values[column] = record.values[c] ?? ''))
    const row: ImportRow = { index: i + 1, line: record.line, format: 'csv', values }
    if (record.values.length !== columns.length)
      row.shapeError = `Has ${record.values.length} values; the header has ${columns.length}`
    return row
  })
}

/** Reads pasted or uploaded text as CSV or JSON (told apart by the first character). */
export function parseImport(text: string): ParsedImport {
  const bytes = new TextEncoder().encode(text).length
  if (bytes > MAX_IMPORT_BYTES)
    throw new ImportError(
      `This is ${sizeText(bytes)}; an import takes at most ${sizeText(MAX_IMPORT_BYTES)}. Split it into smaller files.`,
    )
  const trimmed = text.replace(/^\uFEFF/, '').trim()
  if (trimmed === '') throw new ImportError('Paste or choose a CSV or JSON file first.')
  const format: ImportFormat = trimmed.startsWith('[') || trimmed.startsWith('{') ? 'json' : 'csv'
  const rows = format === 'json' ? parseJsonRows(trimmed) : parseCsvRows(text)
  if (rows.length === 0) throw new ImportError('There are no auths in this file, only a header.')
  const unknown = new Set<string>()
  for (const row of rows)
    for (const key of Object.keys(row.values)) if (!isAuthKey(key)) unknown.add(key)
  return { format, rows, unknownColumns: [...unknown] }
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
 * negative, ranges in order, the auth number usable. The auth holds the row's columns only;
 * `toSendItem` completes it.
 */
export function checkImportRow(row: ImportRow): RowCheck {
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
