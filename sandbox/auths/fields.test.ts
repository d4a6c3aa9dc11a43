import { describe, expect, it } from 'vitest'
import type { Auth } from '../../src/api/schemas/auth'
import { AUTH_FIELDS, AUTH_KEYS, specOf } from '../../src/api/schemas/auth-fields'
import { BUSINESS_MIGRATIONS } from '../db/business'
import { migrate, openDb, type Db } from '../db/sqlite'
import { addAuthColumn, authFromRow, SQL_TYPE, storedFromAuth } from './fields'

/*
 * The sandbox stores what the contract's auth field table says: one column per field, of the
 * field's type, NOT NULL with the table's default where the field is required. The columns are
 * made by shipped migrations, so this is what keeps them and the table together.
 */

interface Column {
  name: string
  type: string
  notnull: number
  dflt_value: string | null
}
const columnsOf = (db: Db) =>
  new Map(
    (db.prepare('PRAGMA table_info(auths)').all() as unknown as Column[]).map((c) => [c.name, c]),
  )
const sqlDefault = (value: unknown) =>
  typeof value === 'boolean' ? String(Number(value)) : `'${String(value)}'`

const migrated = openDb(':memory:')
migrate(migrated, BUSINESS_MIGRATIONS)

describe('the auths table', () => {
  const columns = columnsOf(migrated)

  it('has a column for every field of the table, and no other', () => {
    expect([...columns.keys()].sort()).toEqual([...AUTH_KEYS].sort())
  })

  it.each(AUTH_KEYS)('stores %s as its type says, required with its default', (field) => {
    const spec = specOf(field)
    const column = columns.get(field)!
    expect(column.type).toBe(SQL_TYPE[spec.type])
    if (spec.required) {
      expect(column.notnull).toBe(1)
      expect(column.dflt_value).toBe(sqlDefault(spec.default))
    }
  })

  it("is what addAuthColumn makes of the table, field by field (a new field's migration)", () => {
    const db = openDb(':memory:')
    db.exec('CREATE TABLE auths (auth_Number TEXT PRIMARY KEY NOT NULL)')
    for (const field of AUTH_KEYS) if (field !== 'auth_Number') db.exec(addAuthColumn(field))
    const added = columnsOf(db)
    for (const field of AUTH_KEYS) {
      const { type, dflt_value } = columns.get(field)!
      expect(added.get(field), field).toMatchObject({ type, dflt_value })
    }
    db.close()
  })
})

describe('a stored auth', () => {
  it('reads back as written, every field of the table by its type', () => {
    const sample = { text: 'Y', date: '2026-03-14T09:30:00', number: 12.5, integer: 7 }
    const auth = Object.fromEntries(
      AUTH_KEYS.map((field) => {
        const spec = specOf(field)
        return [field, spec.type === 'boolean' ? !spec.default : sample[spec.type]]
      }),
    ) as Auth
    const { stored, badDates } = storedFromAuth(auth)
    expect(badDates).toEqual({})
    for (const field of AUTH_KEYS)
      if (AUTH_FIELDS[field].type === 'boolean') expect(stored[field]).toBe(1)
    expect(authFromRow(stored)).toEqual(auth)
  })
})
