import type { Auth } from '../../src/api/schemas/auth'
import {
  AUTH_FIELDS,
  AUTH_KEYS,
  specOf,
  type AuthFieldType,
  type AuthKey,
} from '../../src/api/schemas/auth-fields'
import { storableDate } from '../db/dates'
import type { Row } from '../db/sqlite'

export type { AuthKey }

/*
 * How auths are stored: one `auths` column per field of the contract's auth field table
 * (`src/api/schemas/auth-fields.ts`), named exactly as the JSON field, its kind the field's type.
 * The columns themselves are made by the migrations (`seed.ts`, then `db/business.ts`); the
 * sandbox's tests check that they match the table.
 */

/** The SQLite type of each kind of field: dates are canonical text, booleans 0 or 1. */
export const SQL_TYPE: Record<AuthFieldType, 'TEXT' | 'REAL' | 'INTEGER'> = {
  text: 'TEXT',
  date: 'TEXT',
  number: 'REAL',
  integer: 'INTEGER',
  boolean: 'INTEGER',
}

export const AUTH_COLUMNS: readonly AuthKey[] = AUTH_KEYS

const kindOf = (field: AuthKey): AuthFieldType => AUTH_FIELDS[field].type

/** A stored value of the kind the column holds (booleans as 0/1). */
export type StoredValue = string | number | null

/** An Auth as stored: every column present, dates canonical. */
export type StoredAuth = Record<AuthKey, StoredValue>

/** The Auth of a stored row, every documented field present (null when empty). */
export function authFromRow(row: Row): Auth {
  const auth: Record<string, unknown> = {}
  for (const field of AUTH_COLUMNS) {
    const value = row[field] ?? null
    auth[field] = kindOf(field) === 'boolean' ? value === 1 || value === 1n : value
  }
  return auth as Auth
}

/**
 * Turns a validated Auth body into the stored form: documented fields only (unknown ones are
 * ignored), dates written canonically. Returns why each date that cannot be stored exactly is
 * refused (`storableDate`), by field.
 */
export function storedFromAuth(auth: Auth): {
  stored: StoredAuth
  badDates: Record<string, string>
} {
  const stored = {} as StoredAuth
  const badDates: Record<string, string> = {}
  for (const field of AUTH_COLUMNS) {
    const value = (auth as Record<string, unknown>)[field]
    const kind = kindOf(field)
    if (value === undefined || value === null) stored[field] = null
    else if (kind === 'boolean') stored[field] = value === true ? 1 : 0
    else if (kind === 'date') {
      const date = storableDate(value as string)
      if (date.ok) stored[field] = date.value
      // The service's own stamps: a body's values are not stored (`update_Date` is its version).
      else if (specOf(field).stamped) stored[field] = null
      else {
        badDates[field] = date.error
        stored[field] = null
      }
    } else stored[field] = value as string | number
  }
  return { stored, badDates }
}

/** The stored form of a row read from `auths`. */
export function storedFromRow(row: Row): StoredAuth {
  const stored = {} as StoredAuth
  for (const field of AUTH_COLUMNS) {
    const value = row[field]
    stored[field] = typeof value === 'bigint' ? Number(value) : ((value ?? null) as StoredValue)
  }
  return stored
}

/**
 * The migration that adds a field's column to `auths`, its SQL type and NOT NULL default from the
 * table: a field added to the contract is stored once this is appended to the business
 * database's migrations (`db/business.ts`). Shipped migrations are never edited, so the first
 * columns stay as `seed.ts` made them.
 */
export function addAuthColumn(field: AuthKey): string {
  const spec = specOf(field)
  const sqlDefault = (value: string | boolean) =>
    typeof value === 'boolean' ? String(Number(value)) : `'${value.replaceAll("'", "''")}'`
  const required =
    spec.required && spec.default !== undefined
      ? ` NOT NULL DEFAULT ${sqlDefault(spec.default)}`
      : ''
  return `ALTER TABLE auths ADD COLUMN "${field}" ${SQL_TYPE[spec.type]}${required};`
}
