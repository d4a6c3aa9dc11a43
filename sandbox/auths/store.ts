import type { StatementSync } from 'node:sqlite'
import type { Db, Row } from '../db/sqlite'
import { AUTH_COLUMNS, type StoredAuth } from './fields'

/** A row of the `auth_codes` table. */
export interface AuthCode {
  code: string
  status: string
  description: string
  closes: number
}

export type CodeType = 'PROC' | 'DIAG'

export interface ServiceCode {
  code: string
  description: string | null
}

const quoted = AUTH_COLUMNS.map((c) => `"${c}"`)

function prepareAll(db: Db) {
  return {
    get: db.prepare('SELECT * FROM auths WHERE auth_Number = ?'),
    exists: db.prepare('SELECT 1 AS found FROM auths WHERE auth_Number = ?'),
    insert: db.prepare(
      `INSERT INTO auths (${quoted.join(', ')}) VALUES (${quoted.map(() => '?').join(', ')})`,
    ),
    update: db.prepare(
      `UPDATE auths SET ${quoted
        .filter((c) => c !== '"auth_Number"')
        .map((c) => `${c} = ?`)
        .join(', ')} WHERE auth_Number = ?`,
    ),
    remove: db.prepare('DELETE FROM auths WHERE auth_Number = ?'),
    codes: db.prepare(
      'SELECT code, status, description, closes FROM auth_codes ORDER BY sort_order',
    ),
    serviceCodes: db.prepare(
      'SELECT code, description FROM auth_service_codes WHERE auth_Number = ? AND code_Type = ? ORDER BY seq',
    ),
    deleteServiceCodes: db.prepare(
      'DELETE FROM auth_service_codes WHERE auth_Number = ? AND code_Type = ?',
    ),
    insertServiceCode: db.prepare(
      `INSERT INTO auth_service_codes (auth_Number, code_Type, seq, code, description)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    insertReference: db.prepare(
      `INSERT OR IGNORE INTO auth_references
         (auth_Number, referenced_Auth, reference_Type, entry_Date, entry_User)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    adjustments: db.prepare('SELECT COUNT(*) AS n FROM auth_references WHERE referenced_Auth = ?'),
    references: db.prepare('SELECT COUNT(*) AS n FROM auth_references WHERE auth_Number = ?'),
    vba: db.prepare(
      `SELECT p.last_Name AS provider_Last_Name, p.first_Name AS provider_First_Name,
              p.org_Name AS provider_Org_Name, p.entity_ID AS provider_Entity_ID,
              p.provider_Type AS provider_Type, p.payee_Name AS payee_Name,
              m.last_Name AS member_Last_Name, m.first_Name AS member_First_Name,
              m.birth_Date AS member_Birth_Date, m.vip_Flag AS member_VIP_Flag
         FROM auths a
         LEFT JOIN providers p ON p.provider_ID = a.provider_ID
         LEFT JOIN members m ON m.subscriber_ID = a.subscriber_ID AND m.member_Seq = a.member_Seq
        WHERE a.auth_Number = ?`,
    ),
    getMeta: db.prepare('SELECT value FROM meta WHERE key = ?'),
    putMeta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
  }
}

type Statements = ReturnType<typeof prepareAll>
const cache = new WeakMap<Db, Statements>()

function statements(db: Db): Statements {
  let s = cache.get(db)
  if (!s) {
    s = prepareAll(db)
    cache.set(db, s)
  }
  return s
}

const count = (stmt: StatementSync, ...params: string[]) =>
  Number((stmt.get(...params) as { n: number | bigint }).n)

/** Queries and writes of the auths tables; every statement binds its values. */
export function authStore(db: Db) {
  const s = statements(db)
  return {
    get: (authNumber: string) => s.get.get(authNumber) as Row | undefined,
    exists: (authNumber: string) => s.exists.get(authNumber) !== undefined,
    insert(auth: StoredAuth) {
      s.insert.run(...AUTH_COLUMNS.map((c) => auth[c]))
    },
    update(auth: StoredAuth) {
      const values = AUTH_COLUMNS.filter((c) => c !== 'auth_Number').map((c) => auth[c])
      s.update.run(...values, auth.auth_Number)
    },
    remove: (authNumber: string) => Number(s.remove.run(authNumber).changes),
    authCodes: () => s.codes.all() as unknown as AuthCode[],
    serviceCodes: (authNumber: string, type: CodeType) =>
      s.serviceCodes.all(authNumber, type) as unknown as ServiceCode[],
    replaceServiceCodes(authNumber: string, type: CodeType, codes: readonly ServiceCode[]) {
      s.deleteServiceCodes.run(authNumber, type)
      codes.forEach((c, i) =>
        s.insertServiceCode.run(authNumber, type, i + 1, c.code, c.description),
      )
    },
    addReference(authNumber: string, referenced: string, type: string, date: string, user: string) {
      s.insertReference.run(authNumber, referenced, type, date, user)
    },
    /** How many auths reference (adjust) this one. */
    adjustmentCount: (authNumber: string) => count(s.adjustments, authNumber),
    /** How many auths this one references. */
    referenceCount: (authNumber: string) => count(s.references, authNumber),
    vba: (authNumber: string) => s.vba.get(authNumber) as Row | undefined,
    /**
     * A new auth number `YY-NNNNNN` for the year of `now`: one past the last issued that year,
     * skipping numbers a client already chose.
     */
    nextAuthNumber(now: Date): string {
      const yy = String(now.getFullYear() % 100).padStart(2, '0')
      const key = `auth-number-seq:${yy}`
      let n = Number((s.getMeta.get(key) as { value: string } | undefined)?.value ?? 0)
      let candidate: string
      do {
        n += 1
        candidate = `${yy}-${String(n).padStart(6, '0')}`
      } while (s.exists.get(candidate) !== undefined)
      s.putMeta.run(key, String(n))
      return candidate
    },
    setNumberSequence(yy: string, last: number) {
      s.putMeta.run(`auth-number-seq:${yy}`, String(last))
    },
  }
}

export type AuthStore = ReturnType<typeof authStore>
