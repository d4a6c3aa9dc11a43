import type { SandboxEnv } from '../http'
import { idempotentWrite } from '../idempotency'
import { Hono } from 'hono'
import { authAdjustmentSchema } from '../../src/api/schemas/auth-adjustment'
import type { Auth } from '../../src/api/schemas/auth'
import type { AuthVba } from '../../src/api/schemas/auth-vba'
import type { SandboxApp, SandboxContext } from '../context'
import { PROCEDURE_DESCRIPTIONS, unitRate } from './catalogue'
import { checkAuth } from './check'
import { authFromRow, storedFromRow, type StoredAuth, type StoredValue } from './fields'
import { authStore, type AuthStore, type ServiceCode } from './store'
import { transaction, type Db, type Row } from '../db/sqlite'
import { storableDate } from '../db/dates'
import { requireCurrentVersion, stampText } from '../db/stamp'
import { ok, Problem, readBody, readJson, requireAuthWriter, type Ctx } from '../http'

/** Most items one `PUT /auths` takes. */
export const MAX_AUTH_BATCH = 1000

const authNotFound = (authNumber: string) =>
  new Problem(404, `Auth ${authNumber} was not found.`, { title: 'Auth not found' })

const invalidFields = (errors: Record<string, string>) =>
  new Problem(400, `Invalid fields: ${Object.keys(errors).join(', ')}`, {
    title: 'Validation failed',
    errors,
  })

const describe = (errors: Record<string, string>) =>
  Object.entries(errors)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ')

const money = (n: number) => Math.round(n * 100) / 100

function requireRow(store: AuthStore, authNumber: string): Row {
  const row = store.get(authNumber)
  if (!row) throw authNotFound(authNumber)
  return row
}

function readAuth(store: AuthStore, authNumber: string): Auth {
  return authFromRow(requireRow(store, authNumber))
}

/** Keeps the principal procedure code (seq 1) in step with `service_Code`. */
function syncPrincipalProcedure(store: AuthStore, authNumber: string, serviceCode: unknown) {
  const codes = store.serviceCodes(authNumber, 'PROC')
  const code = typeof serviceCode === 'string' && serviceCode !== '' ? serviceCode : null
  if (codes[0]?.code === code || (codes.length === 0 && code === null)) return
  const rest = codes.slice(1).filter((c) => c.code !== code)
  const principal = code ? [{ code, description: PROCEDURE_DESCRIPTIONS[code] ?? null }] : []
  store.replaceServiceCodes(authNumber, 'PROC', [...principal, ...rest])
}

/** Stores a new auth, numbering it when the client gave no number; 409 when the number is taken. */
function createAuth(db: Db, stored: StoredAuth, user: string, now: Date): string {
  const store = authStore(db)
  const given = stored.auth_Number as string | null
  if (given !== null && store.exists(given))
    throw new Problem(409, `Auth ${given} already exists; update it with PUT /auths/${given}.`, {
      title: 'Auth exists',
    })
  const authNumber = given ?? store.nextAuthNumber(now)
  const stamp = stampText(now)
  store.insert({
    ...stored,
    ...approval(null, stored, user, stamp),
    auth_Number: authNumber,
    entry_User: user,
    entry_Date: stamp,
    update_User: user,
    update_Date: stamp,
  })
  syncPrincipalProcedure(store, authNumber, stored.service_Code)
  return authNumber
}

/**
 * Who approved and when, recorded by the service, never taken from a request body: the caller
 * and the moment when the auth becomes approved (code A); otherwise what was recorded before
 * (an approval stays on record after the auth is closed), nothing for a new auth.
 */
function approval(
  current: Row | null,
  next: StoredAuth,
  user: string,
  stamp: string,
): Pick<StoredAuth, 'approved_By' | 'approved_Date'> {
  if (next.auth_Code === 'A' && current?.auth_Code !== 'A')
    // A business date, to the second like the others; the update stamp keeps the milliseconds.
    return { approved_By: user, approved_Date: stamp.slice(0, 19) }
  return {
    approved_By: (current?.approved_By ?? null) as StoredValue,
    approved_Date: (current?.approved_Date ?? null) as StoredValue,
  }
}

/**
 * Replaces a stored auth with `stored`, keeping who entered it and when; 428 without `version`
 * (the body's `update_Date`), 409 when it is not the stored one. Run inside the transaction.
 */
function updateAuth(
  db: Db,
  authNumber: string,
  stored: StoredAuth,
  user: string,
  now: Date,
  version: unknown,
) {
  const store = authStore(db)
  const current = requireRow(store, authNumber)
  requireCurrentVersion(`Auth ${authNumber}`, current, version)
  const stamp = stampText(now, current.update_Date)
  store.update({
    ...stored,
    ...approval(current, stored, user, stamp),
    auth_Number: authNumber,
    entry_User: current.entry_User as string | null,
    entry_Date: current.entry_Date as string,
    update_User: user,
    update_Date: stamp,
  })
  syncPrincipalProcedure(store, authNumber, stored.service_Code)
}

function validCodes(db: Db) {
  return authStore(db)
    .authCodes()
    .map((c) => c.code)
}

/** The `update_Date` a body was made from (its version), as sent. */
const versionOf = (body: unknown) =>
  typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>).update_Date
    : undefined

/** Runs `fn` inside a savepoint so that a failing batch item rolls back alone. */
function isolated<T>(db: Db, fn: () => T): T {
  db.exec('SAVEPOINT batch_item')
  try {
    const result = fn()
    db.exec('RELEASE batch_item')
    return result
  } catch (error) {
    db.exec('ROLLBACK TO batch_item')
    db.exec('RELEASE batch_item')
    throw error
  }
}

/**
 * Auths (shapes in `src/api/schemas/auth.ts`): create, read, update, delete, the
 * batch upsert, the read with member and provider names, adjustments and status changes.
 */
export function authRoutes(ctx: SandboxContext): SandboxApp {
  const app: SandboxApp = new Hono<SandboxEnv>()
  const param = (c: Ctx) => c.req.param('authNumber') ?? ''

  app.post('/auths', async (c) => {
    requireAuthWriter(c)
    const raw = await readJson(c)
    const db = c.get('db')
    const check = checkAuth(raw, validCodes(db))
    if (!check.ok) throw invalidFields(check.errors)
    const user = c.get('user').userId
    const auth = idempotentWrite(c, ctx.now(), raw, () => {
      const authNumber = createAuth(db, check.stored, user, ctx.now())
      return readAuth(authStore(db), authNumber)
    })
    return ok(c, auth)
  })

  app.put('/auths', async (c) => {
    requireAuthWriter(c)
    const raw = await readJson(c)
    if (!Array.isArray(raw))
      throw new Problem(400, 'The body must be a JSON array of auths.', {
        errors: { '(body)': 'Expected an array' },
      })
    if (raw.length > MAX_AUTH_BATCH)
      throw new Problem(413, `A batch takes at most ${MAX_AUTH_BATCH} auths; got ${raw.length}.`)
    const db = c.get('db')
    const user = c.get('user').userId
    const codes = validCodes(db)
    const now = ctx.now()
    const results = idempotentWrite(c, now, raw, () =>
      raw.map((item: unknown) => {
        const check = checkAuth(item, codes)
        const id = (value: string | null) => [{ key: 'auth_Number', value }]
        if (!check.ok)
          return {
            id: id(check.authNumber),
            status: 400,
            body: `${invalidFields(check.errors).detail} (${describe(check.errors)})`,
          }
        try {
          return isolated(db, () => {
            const existing = check.authNumber
            if (existing !== null && authStore(db).exists(existing)) {
              updateAuth(db, existing, check.stored, user, now, versionOf(item))
              return { id: id(existing), status: 200, body: `Auth ${existing} updated.` }
            }
            const created = createAuth(db, check.stored, user, now)
            return { id: id(created), status: 201, body: `Auth ${created} created.` }
          })
        } catch (error) {
          if (!(error instanceof Problem)) throw error
          return { id: id(check.authNumber), status: error.status, body: error.detail }
        }
      }),
    )
    return ok(c, results)
  })

  app.get('/auths/:authNumber', (c) => ok(c, readAuth(authStore(c.get('db')), param(c))))

  app.put('/auths/:authNumber', async (c) => {
    requireAuthWriter(c)
    const authNumber = param(c)
    const raw = await readJson(c)
    const db = c.get('db')
    const check = checkAuth(raw, validCodes(db))
    if (!check.ok) throw invalidFields(check.errors)
    if (check.authNumber !== null && check.authNumber !== authNumber)
      throw invalidFields({
        auth_Number: `Must match the auth number in the path (${authNumber})`,
      })
    const user = c.get('user').userId
    const auth = transaction(db, () => {
      updateAuth(db, authNumber, check.stored, user, ctx.now(), versionOf(raw))
      return readAuth(authStore(db), authNumber)
    })
    return ok(c, auth)
  })

  app.delete('/auths/:authNumber', (c) => {
    requireAuthWriter(c)
    const authNumber = param(c)
    const db = c.get('db')
    transaction(db, () => {
      const store = authStore(db)
      requireRow(store, authNumber)
      const adjustments = store.adjustmentCount(authNumber)
      if (adjustments > 0)
        throw new Problem(
          409,
          `Auth ${authNumber} cannot be deleted: ${adjustments} adjustment${
            adjustments === 1 ? '' : 's'
          } reference it. Delete ${adjustments === 1 ? 'it' : 'them'} first.`,
          { title: 'Auth is referenced' },
        )
      store.remove(authNumber)
    })
    return ok(c, null)
  })

  app.get('/auths-vba/:authNumber', (c) => {
    const authNumber = param(c)
    const store = authStore(c.get('db'))
    const authDetail = readAuth(store, authNumber)
    const joined = store.vba(authNumber) ?? {}
    const text = (key: string) => (joined[key] ?? null) as string | null
    const vba: AuthVba = {
      provider_Last_Name: text('provider_Last_Name'),
      provider_First_Name: text('provider_First_Name'),
      provider_Org_Name: text('provider_Org_Name'),
      provider_Entity_ID: text('provider_Entity_ID'),
      provider_Type: text('provider_Type'),
      payee_Name: text('payee_Name'),
      member_Last_Name: text('member_Last_Name'),
      member_First_Name: text('member_First_Name'),
      member_Birth_Date: text('member_Birth_Date'),
      member_VIP_Flag: Number(joined.member_VIP_Flag ?? 0) === 1,
      auth_Adjust_Count: store.adjustmentCount(authNumber),
      auth_Ref_Count: store.referenceCount(authNumber),
      authDetail,
    }
    return ok(c, vba)
  })

  app.post('/auths/:authNumber/adjust', async (c) => {
    requireAuthWriter(c)
    const authNumber = param(c)
    const body = await readBody(c, authAdjustmentSchema)
    const errors: Record<string, string> = {}
    if (body.auth_Number !== authNumber)
      errors.auth_Number = `Must match the auth number in the path (${authNumber})`
    const dates = { approved_From: body.approved_From, approved_Thru: body.approved_Thru }
    const canonical: Record<string, string | null> = {}
    for (const [field, value] of Object.entries(dates)) {
      const date = value ? storableDate(value) : null
      canonical[field] = date?.ok ? date.value : null
      if (date && !date.ok) errors[field] = date.error
    }
    if (Object.keys(errors).length > 0) throw invalidFields(errors)

    const db = c.get('db')
    const user = c.get('user').userId
    const now = ctx.now()
    const adjusted = transaction(db, () => {
      const store = authStore(db)
      const original = storedFromRow(requireRow(store, authNumber))
      // Absent or null dates keep the original's approved range.
      const from = canonical.approved_From ?? original.approved_From
      const thru = canonical.approved_Thru ?? original.approved_Thru
      if (typeof from === 'string' && typeof thru === 'string' && thru < from)
        throw invalidFields({ approved_Thru: 'Must not be before approved_From' })

      const next: StoredAuth = { ...original, approved_From: from, approved_Thru: thru }
      next.auth_Number = store.nextAuthNumber(now)
      next.previous_Auth = authNumber
      next.new_Or_Extended = 1
      const stamp = stampText(now)
      Object.assign(next, approval(null, next, user, stamp))
      next.entry_User = user
      next.entry_Date = stamp
      next.update_User = user
      next.update_Date = stamp

      // Procedure codes: the original's when copied; `procedure_Code` becomes the principal one.
      let procedures: ServiceCode[] = body.copyProcCodes
        ? store.serviceCodes(authNumber, 'PROC')
        : []
      next.service_Code = body.copyProcCodes ? original.service_Code : null
      const procedure = body.procedure_Code?.trim()
      if (procedure) {
        next.service_Code = procedure
        procedures = [
          { code: procedure, description: PROCEDURE_DESCRIPTIONS[procedure] ?? null },
          ...procedures.filter((p) => p.code !== procedure),
        ]
      }
      // Diagnosis codes, and the DRG that is derived from them.
      const diagnoses = body.copyDiagCodes ? store.serviceCodes(authNumber, 'DIAG') : []
      if (!body.copyDiagCodes) {
        next.drG_Code = null
        next.drG_Category = null
      }
      // IBNR reserve: the approved amount re-priced at the service's current unit rate.
      if (body.recalcIBNR && typeof next.units_Approved === 'number')
        next.amount_Approved = money(next.units_Approved * unitRate(next.service_Code as string))

      store.insert(next)
      store.replaceServiceCodes(next.auth_Number, 'PROC', procedures)
      store.replaceServiceCodes(next.auth_Number, 'DIAG', diagnoses)
      store.addReference(next.auth_Number, authNumber, 'ADJUSTMENT', stamp, user)
      return readAuth(store, next.auth_Number)
    })
    return ok(c, adjusted)
  })

  app.post('/auths/:authNumber/process-status/:newAuthCode', (c) => {
    requireAuthWriter(c)
    const authNumber = param(c)
    const given = c.req.param('newAuthCode') ?? ''
    const db = c.get('db')
    const user = c.get('user').userId
    const auth = transaction(db, () => {
      const store = authStore(db)
      const current = storedFromRow(requireRow(store, authNumber))
      const codes = store.authCodes()
      const code = codes.find((entry) => entry.code === given.toUpperCase())
      if (!code) {
        const valid = codes.map((entry) => `${entry.code} (${entry.status})`).join(', ')
        throw new Problem(400, `"${given}" is not an auth code. Valid codes: ${valid}.`, {
          title: 'Unknown auth code',
          errors: { newAuthCode: `Expected one of ${codes.map((entry) => entry.code).join(', ')}` },
        })
      }
      const stamp = stampText(ctx.now(), current.update_Date)
      const next: StoredAuth = {
        ...current,
        auth_Code: code.code,
        status: code.status,
        closed: code.closes,
        update_User: user,
        update_Date: stamp,
      }
      Object.assign(next, approval(current as Row, next, user, stamp))
      store.update(next)
      return readAuth(store, authNumber)
    })
    return ok(c, auth)
  })
  return app
}
