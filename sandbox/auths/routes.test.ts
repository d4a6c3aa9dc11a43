import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authFields, authSchema, type Auth } from '../../src/api/schemas/auth'
import { authVbaSchema } from '../../src/api/schemas/auth-vba'
import { batchResultSchema } from '../../src/api/schemas/batch-result'
import { unitRate } from './catalogue'
import type { Db } from '../db/sqlite'
import { demoAuth, startTestSandbox, type CallOptions, type TestSandbox } from '../testing'

let sb: TestSandbox
let token: string
let db: Db

beforeAll(async () => {
  sb = await startTestSandbox()
  token = (await sb.signIn('support')).idToken
  db = sb.sandbox.context.business('demo')
})
afterAll(async () => {
  await sb.close()
})

const call = (method: string, path: string, options: CallOptions = {}) =>
  sb.call(method, path, { token, ...options })

/** Answers with a problem whose status is the HTTP status and whose instance is the path. */
async function problem(method: string, path: string, status: number, options: CallOptions = {}) {
  const res = await call(method, path, options)
  expect(res.status).toBe(status)
  expect(res.data ?? null).toBeNull()
  expect(res.error?.status).toBe(status)
  expect(res.error?.instance).toBe(`/api${path.split('?')[0]}`)
  return res.error!
}

const parseAuth = (data: unknown) => authSchema.parse(data)

const newAuth = demoAuth

const one = <T>(sql: string, ...params: string[]) => db.prepare(sql).get(...params) as T
const codesOf = (authNumber: string, type: 'PROC' | 'DIAG') =>
  (
    db
      .prepare(
        'SELECT code FROM auth_service_codes WHERE auth_Number = ? AND code_Type = ? ORDER BY seq',
      )
      .all(authNumber, type) as { code: string }[]
  ).map((r) => r.code)

async function create(overrides: Record<string, unknown> = {}): Promise<Auth> {
  const res = await call('POST', '/auths', { body: newAuth(overrides) })
  expect(res.status).toBe(200)
  return parseAuth(res.data)
}

describe('demo data', () => {
  it('holds 1000 auths numbered like 26-004512, with members, providers and adjustments', () => {
    const counts = one<Record<string, number>>(
      `SELECT (SELECT COUNT(*) FROM auths) AS auths,
              (SELECT COUNT(*) FROM auths WHERE auth_Number NOT GLOB '[0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9]') AS oddNumbers,
              (SELECT COUNT(*) FROM auth_references) AS adjustments,
              (SELECT COUNT(DISTINCT auth_Code) FROM auths) AS codes,
              (SELECT COUNT(*) FROM members WHERE vip_Flag = 1) AS vips,
              (SELECT COUNT(*) FROM providers WHERE org_Name = 'Lakeside Imaging Center') AS lakeside,
              (SELECT COUNT(*) FROM providers WHERE first_Name = 'Priya' AND last_Name = 'Raman') AS raman,
              (SELECT COUNT(*) FROM auths WHERE urgent = 1) AS urgent,
              (SELECT COUNT(*) FROM auths WHERE approved_From < requested_From OR approved_Thru > requested_Thru OR approved_Thru < approved_From) AS outOfRange`,
    )
    expect(counts).toMatchObject({ auths: 1000, oddNumbers: 0, codes: 4, lakeside: 1, raman: 1 })
    expect(counts.adjustments).toBeGreaterThan(10)
    expect(counts.vips).toBeGreaterThan(0)
    expect(counts.urgent).toBeGreaterThan(0)
    expect(counts.outOfRange).toBe(0)
  })

  it('stores one column per documented field; the required ones are NOT NULL', () => {
    const columns = db.prepare('PRAGMA table_info(auths)').all() as {
      name: string
      notnull: number
    }[]
    expect(columns.map((c) => c.name)).toEqual(authFields)
    const required = Object.entries(authSchema.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([name]) => name)
    expect(columns.filter((c) => c.notnull).map((c) => c.name)).toEqual(
      authFields.filter((f) =>
        [...required, 'auth_Number', 'entry_Date', 'update_Date'].includes(f),
      ),
    )
  })

  it('is the same for the same seed', async () => {
    const other = await startTestSandbox()
    try {
      const otherDb = other.sandbox.context.business('demo')
      const digest = (d: Db) =>
        d
          .prepare(
            'SELECT auth_Number, member_Seq, subscriber_ID, service_Code, amount_Approved FROM auths ORDER BY auth_Number LIMIT 50',
          )
          .all()
      expect(digest(otherDb)).toEqual(digest(db))
    } finally {
      await other.close()
    }
  })
})

describe('GET /auths/{authNumber}', () => {
  it('returns a seeded auth with every documented field', async () => {
    const { auth_Number } = one<{ auth_Number: string }>(
      'SELECT auth_Number FROM auths ORDER BY auth_Number LIMIT 1',
    )
    const res = await call('GET', `/auths/${auth_Number}`)
    expect(res.status).toBe(200)
    const auth = parseAuth(res.data)
    expect(auth.auth_Number).toBe(auth_Number)
    expect(Object.keys(res.data as object).sort()).toEqual(Object.keys(authSchema.shape).sort())
    expect(auth.entry_Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
  })

  it('answers 404 saying the auth was not found', async () => {
    const error = await problem('GET', '/auths/99-999999', 404)
    expect(error.detail).toBe('Auth 99-999999 was not found.')
  })
})

describe('GET /auths-vba/{authNumber}', () => {
  it('joins the member and provider and counts adjustments and references', async () => {
    const { original, adjustment } = one<{ original: string; adjustment: string }>(
      `SELECT referenced_Auth AS original, auth_Number AS adjustment FROM auth_references
        ORDER BY auth_Number LIMIT 1`,
    )
    const expected = one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM auth_references WHERE referenced_Auth = ?',
      original,
    ).n
    const res = await call('GET', `/auths-vba/${original}`)
    expect(res.status).toBe(200)
    const vba = authVbaSchema.parse(res.data)
    expect(vba.authDetail?.auth_Number).toBe(original)
    expect(vba.auth_Adjust_Count).toBe(expected)
    expect(vba.auth_Ref_Count).toBe(0)
    expect(vba.member_Last_Name).toBeTruthy()
    expect(vba.member_First_Name).toBeTruthy()
    expect(vba.member_Birth_Date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/)
    expect(typeof vba.member_VIP_Flag).toBe('boolean')
    expect(vba.provider_Org_Name ?? vba.provider_Last_Name).toBeTruthy()
    expect(vba.payee_Name).toBeTruthy()

    const adjusted = authVbaSchema.parse((await call('GET', `/auths-vba/${adjustment}`)).data)
    expect(adjusted.auth_Ref_Count).toBe(1)
    expect(adjusted.authDetail?.previous_Auth).toBe(original)
  })

  it('names a physician by first and last name, an organisation by its name', async () => {
    const created = await create({ provider_ID: 'PRV10001' })
    const org = authVbaSchema.parse((await call('GET', `/auths-vba/${created.auth_Number}`)).data)
    expect(org.provider_Org_Name).toBe('Lakeside Imaging Center')
    const { provider_ID } = one<{ provider_ID: string }>(
      "SELECT provider_ID FROM providers WHERE last_Name = 'Raman'",
    )
    const doc = await create({ provider_ID })
    const vba = authVbaSchema.parse((await call('GET', `/auths-vba/${doc.auth_Number}`)).data)
    expect([vba.provider_First_Name, vba.provider_Last_Name, vba.provider_Type]).toEqual([
      'Priya',
      'Raman',
      'Physician',
    ])
  })

  it('answers 404 for an unknown auth', async () => {
    await problem('GET', '/auths-vba/00-000000', 404)
  })
})

describe('POST /auths', () => {
  it('creates an auth with a generated number, stamps who and when, stores dates canonically', async () => {
    const auth = await create({
      requested_From: '2026-03-02',
      requested_Thru: '2026-04-30 09:30',
      approved_From: '2026-03-02T08:00:00.000',
      approved_Thru: '2026-04-30T09:30:00',
      entry_User: 'somebody-else',
      auth_Number: null,
    })
    const yy = String(new Date().getFullYear() % 100).padStart(2, '0')
    expect(auth.auth_Number).toMatch(new RegExp(`^${yy}-\\d{6}$`))
    expect(auth.entry_User).toBe('support')
    expect(auth.update_User).toBe('support')
    expect(auth.requested_From).toBe('2026-03-02T00:00:00')
    expect(auth.requested_Thru).toBe('2026-04-30T09:30:00')
    expect(auth.approved_From).toBe('2026-03-02T08:00:00')
    expect(auth.approved_Thru).toBe('2026-04-30T09:30:00')
    const again = await call('GET', `/auths/${auth.auth_Number}`)
    expect(parseAuth(again.data)).toEqual(auth)
  })

  it('numbers new auths one after another', async () => {
    const a = await create()
    const b = await create()
    const n = (auth: Auth) => Number(auth.auth_Number!.slice(3))
    expect(n(b)).toBe(n(a) + 1)
  })

  it('keeps a number the client chose, and answers 409 when it is taken', async () => {
    const auth = await create({ auth_Number: 'TEST-0001' })
    expect(auth.auth_Number).toBe('TEST-0001')
    const error = await problem('POST', '/auths', 409, {
      body: newAuth({ auth_Number: 'TEST-0001' }),
    })
    expect(error.detail).toContain('TEST-0001')
  })

  it('ignores unknown fields', async () => {
    const auth = await create({ favourite_Colour: 'teal' })
    expect(auth).not.toHaveProperty('favourite_Colour')
  })

  it('answers 400 naming the required fields that are missing', async () => {
    const error = await problem('POST', '/auths', 400, {
      body: { auth_Type: 'Outpatient', notes: 'no flags' },
    })
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(
      [
        'closed',
        'new_Or_Extended',
        'previous_Treatment',
        'tPlan_DownLoaded',
        'tPlan_Printed',
        'urgent',
      ].sort(),
    )
  })

  it('answers 400 naming each field of the wrong type', async () => {
    const error = await problem('POST', '/auths', 400, {
      body: newAuth({
        closed: 'yes',
        units_Approved: 'ten',
        requested_From: 'soon',
        careManager_Key: 1.5,
      }),
    })
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(
      ['careManager_Key', 'closed', 'requested_From', 'units_Approved'].sort(),
    )
    expect(error.detail).toContain('closed')
  })

  it('answers 400 for dates that do not exist, ranges that end before they start, unknown codes', async () => {
    const error = await problem('POST', '/auths', 400, {
      body: newAuth({
        received_Date: '2026-02-30',
        approved_From: '2026-05-01',
        approved_Thru: '2026-04-01',
        auth_Code: 'Z',
        units_Requested: -3,
        auth_Number: 'has spaces/and slash',
      }),
    })
    expect(error.errors).toMatchObject({
      received_Date: 'Not a real calendar date',
      approved_Thru: 'Must not be before approved_From',
      auth_Code: 'Expected one of A, P, D, C',
      units_Requested: 'Must not be negative',
    })
    expect(error.errors).toHaveProperty('auth_Number')
  })

  it('range-checks numbers: amounts up to a trillion, 32-bit integers', async () => {
    const error = await problem('POST', '/auths', 400, {
      body: newAuth({ amount_Requested: 1e308, units_Approved: 1e13, careManager_Key: 2 ** 40 }),
    })
    expect(error.errors).toMatchObject({
      amount_Requested: 'Must be at most 1,000,000,000,000',
      units_Approved: 'Must be at most 1,000,000,000,000',
      careManager_Key: 'Expected a 32-bit integer',
    })
    expect((await create({ amount_Requested: 1_000_000_000_000 })).amount_Requested).toBe(1e12)
  })

  it('answers 400 for malformed JSON, an empty body and a body that is not an object', async () => {
    const malformed = await problem('POST', '/auths', 400, {
      rawBody: '{"closed": tru',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.title).toBe('Malformed JSON')
    await problem('POST', '/auths', 400, { rawBody: '' })
    const array = await problem('POST', '/auths', 400, { body: [newAuth()] })
    expect(array.errors).toHaveProperty('(body)')
  })

  it('answers 413 for a body over 1 MB', async () => {
    const huge = JSON.stringify(newAuth({ notes: 'x'.repeat(1024 * 1024 + 10) }))
    await problem('POST', '/auths', 413, {
      rawBody: huge,
      headers: { 'content-type': 'application/json' },
    })
  })
})

describe('PUT /auths/{authNumber}', () => {
  it('round-trips a GET: the whole auth back, unknown fields ignored, entry kept', async () => {
    const { auth_Number } = one<{ auth_Number: string }>(
      "SELECT auth_Number FROM auths WHERE entry_User <> 'support' ORDER BY auth_Number LIMIT 1 OFFSET 5",
    )
    const before = (await call('GET', `/auths/${auth_Number}`)).data as Record<string, unknown>
    const res = await call('PUT', `/auths/${auth_Number}`, {
      body: { ...before, notes: 'Updated by a contract test.', not_A_Field: 42 },
    })
    expect(res.status).toBe(200)
    const after = parseAuth(res.data)
    expect(after.notes).toBe('Updated by a contract test.')
    expect(after).not.toHaveProperty('not_A_Field')
    expect(after.entry_User).toBe(before.entry_User)
    expect(after.entry_Date).toBe(before.entry_Date)
    expect(after.update_User).toBe('support')
    const { notes: _n, update_Date: _d, update_User: _u, ...rest } = after
    const { notes: _bn, update_Date: _bd, update_User: _bu, ...restBefore } = before
    expect(rest).toEqual(restBefore)
    expect(parseAuth((await call('GET', `/auths/${auth_Number}`)).data)).toEqual(after)
  })

  it('replaces the whole auth: a field left out becomes empty', async () => {
    const auth = await create({ narrative: 'Long story.' })
    const { narrative: _dropped, ...rest } = auth
    const after = parseAuth((await call('PUT', `/auths/${auth.auth_Number}`, { body: rest })).data)
    expect(after.narrative).toBeNull()
  })

  it('answers 404 for an unknown auth and 400 when the body names another auth', async () => {
    const error = await problem('PUT', '/auths/99-999998', 404, { body: newAuth() })
    expect(error.detail).toBe('Auth 99-999998 was not found.')
    const auth = await create()
    const mismatch = await problem('PUT', `/auths/${auth.auth_Number}`, 400, {
      body: newAuth({ auth_Number: '99-999997' }),
    })
    expect(mismatch.errors).toHaveProperty('auth_Number')
  })

  it('answers 400 naming fields of the wrong type', async () => {
    const auth = await create()
    const error = await problem('PUT', `/auths/${auth.auth_Number}`, 400, {
      body: { ...auth, urgent: 'no', amount_Approved: '12.50' },
    })
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(['amount_Approved', 'urgent'])
  })
})

describe('DELETE /auths/{authNumber}', () => {
  it('deletes an auth, which is then not found', async () => {
    const auth = await create()
    const res = await call('DELETE', `/auths/${auth.auth_Number}`)
    expect(res.status).toBe(200)
    expect(res.data).toBeNull()
    await problem('GET', `/auths/${auth.auth_Number}`, 404)
    await problem('DELETE', `/auths/${auth.auth_Number}`, 404)
  })

  it('refuses to delete an auth that adjustments reference (409)', async () => {
    const { original } = one<{ original: string }>(
      'SELECT referenced_Auth AS original FROM auth_references LIMIT 1',
    )
    const error = await problem('DELETE', `/auths/${original}`, 409)
    expect(error.detail).toContain('adjustment')
    expect((await call('GET', `/auths/${original}`)).status).toBe(200)
  })
})

describe('PUT /auths (batch)', () => {
  it('creates and updates, and a bad item fails alone', async () => {
    const existing = await create()
    const res = await call('PUT', '/auths', {
      body: [
        newAuth({ notes: 'batch create' }),
        { ...existing, notes: 'batch update' },
        newAuth({ closed: 'no', auth_Number: 'BATCH-BAD' }),
        newAuth({ auth_Number: 'BATCH-0002' }),
      ],
    })
    expect(res.status).toBe(200)
    const results = batchResultSchema.parse(res.data)
    expect(results.map((r) => r.status)).toEqual([201, 200, 400, 201])
    expect(results[0]?.id[0]?.key).toBe('auth_Number')
    const created = results[0]?.id[0]?.value as string
    expect(created).toMatch(/^\d{2}-\d{6}$/)
    expect(results[1]?.id).toEqual([{ key: 'auth_Number', value: existing.auth_Number }])
    expect(results[2]?.id).toEqual([{ key: 'auth_Number', value: 'BATCH-BAD' }])
    expect(results[2]?.body).toContain('closed')
    expect(results[3]?.id).toEqual([{ key: 'auth_Number', value: 'BATCH-0002' }])

    expect(parseAuth((await call('GET', `/auths/${created}`)).data).notes).toBe('batch create')
    const updated = parseAuth((await call('GET', `/auths/${existing.auth_Number}`)).data)
    expect(updated.notes).toBe('batch update')
    expect(updated.entry_Date).toBe(existing.entry_Date)
    await problem('GET', '/auths/BATCH-BAD', 404)
    expect((await call('GET', '/auths/BATCH-0002')).status).toBe(200)
  })

  it('answers 400 when the body is not an array and 413 over 1000 items', async () => {
    await problem('PUT', '/auths', 400, { body: newAuth() })
    const items = Array.from({ length: 1001 }, () => ({ closed: false }))
    const error = await problem('PUT', '/auths', 413, { body: items })
    expect(error.detail).toContain('1000')
  })

  it('answers 400 for malformed JSON', async () => {
    await problem('PUT', '/auths', 400, {
      rawBody: '[{',
      headers: { 'content-type': 'application/json' },
    })
  })
})

describe('POST /auths/{authNumber}/adjust', () => {
  /** An approved visit-based auth from the demo data, with procedure and diagnosis codes. */
  const seededOriginal = () =>
    one<{ auth_Number: string }>(
      `SELECT a.auth_Number FROM auths a
        WHERE a.auth_Code = 'A' AND a.service_Code = '97110' AND a.units_Approved > 0
          AND a.drG_Code IS NULL
          AND (SELECT COUNT(*) FROM auth_service_codes c
                WHERE c.auth_Number = a.auth_Number AND c.code_Type = 'DIAG') > 0
        ORDER BY a.auth_Number LIMIT 1`,
    ).auth_Number

  it('creates a new auth that copies the original, with the new range, referencing it', async () => {
    const number = seededOriginal()
    const original = parseAuth((await call('GET', `/auths/${number}`)).data)
    const adjustsBefore = authVbaSchema.parse(
      (await call('GET', `/auths-vba/${number}`)).data,
    ).auth_Adjust_Count
    const res = await call('POST', `/auths/${number}/adjust`, {
      body: {
        auth_Number: number,
        approved_From: original.approved_From,
        approved_Thru: '2027-06-30',
        recalcIBNR: false,
        copyProcCodes: true,
        copyDiagCodes: true,
        procedure_Code: null,
        an_Unknown_Flag: true,
      },
    })
    expect(res.status).toBe(200)
    const adjusted = parseAuth(res.data)
    expect(adjusted.auth_Number).not.toBe(number)
    expect(adjusted.auth_Number).toMatch(/^\d{2}-\d{6}$/)
    expect(adjusted.previous_Auth).toBe(number)
    expect(adjusted.approved_From).toBe(original.approved_From)
    expect(adjusted.approved_Thru).toBe('2027-06-30T00:00:00')
    expect(adjusted.service_Code).toBe(original.service_Code)
    expect(adjusted.amount_Approved).toBe(original.amount_Approved)
    expect(adjusted.subscriber_ID).toBe(original.subscriber_ID)
    expect(adjusted.provider_ID).toBe(original.provider_ID)
    expect(adjusted.entry_User).toBe('support')
    expect(codesOf(adjusted.auth_Number!, 'PROC')).toEqual(codesOf(number, 'PROC'))
    expect(codesOf(adjusted.auth_Number!, 'DIAG')).toEqual(codesOf(number, 'DIAG'))

    const stored = parseAuth((await call('GET', `/auths/${adjusted.auth_Number}`)).data)
    expect(stored).toEqual(adjusted)
    const vba = authVbaSchema.parse((await call('GET', `/auths-vba/${number}`)).data)
    expect(vba.auth_Adjust_Count).toBe((adjustsBefore ?? 0) + 1)
    const newVba = authVbaSchema.parse(
      (await call('GET', `/auths-vba/${adjusted.auth_Number}`)).data,
    )
    expect(newVba.auth_Ref_Count).toBe(1)
  })

  it('applies the flags: no copied codes, a new procedure code, the approved amount re-priced', async () => {
    const original = await create({
      service_Code: '97530',
      units_Approved: 10,
      amount_Approved: 1,
      approved_From: '2026-03-02',
      approved_Thru: '2026-04-30',
    })
    const number = original.auth_Number!
    const kept = parseAuth(
      (
        await call('POST', `/auths/${number}/adjust`, {
          body: {
            auth_Number: number,
            recalcIBNR: false,
            copyProcCodes: false,
            copyDiagCodes: false,
          },
        })
      ).data,
    )
    expect(kept.service_Code).toBeNull()
    expect(kept.amount_Approved).toBe(1)
    expect(kept.approved_From).toBe('2026-03-02T00:00:00')
    expect(codesOf(kept.auth_Number!, 'PROC')).toEqual([])

    const res = await call('POST', `/auths/${number}/adjust`, {
      body: {
        auth_Number: number,
        approved_Thru: '2026-05-31',
        recalcIBNR: true,
        copyProcCodes: false,
        copyDiagCodes: false,
        procedure_Code: '97110',
      },
    })
    const adjusted = parseAuth(res.data)
    expect(adjusted.service_Code).toBe('97110')
    expect(adjusted.amount_Approved).toBe(10 * unitRate('97110'))
    expect(adjusted.approved_Thru).toBe('2026-05-31T00:00:00')
    expect(codesOf(adjusted.auth_Number!, 'PROC')).toEqual(['97110'])
    expect(codesOf(adjusted.auth_Number!, 'DIAG')).toEqual([])

    const copied = parseAuth(
      (
        await call('POST', `/auths/${number}/adjust`, {
          body: {
            auth_Number: number,
            recalcIBNR: false,
            copyProcCodes: true,
            copyDiagCodes: false,
            procedure_Code: '97140',
          },
        })
      ).data,
    )
    expect(codesOf(copied.auth_Number!, 'PROC')).toEqual(['97140', '97530'])
  })

  it('answers 400 when approved_Thru is before approved_From, naming it', async () => {
    const number = seededOriginal()
    const error = await problem('POST', `/auths/${number}/adjust`, 400, {
      body: {
        auth_Number: number,
        approved_From: '2026-06-01',
        approved_Thru: '2026-05-01',
        recalcIBNR: false,
        copyProcCodes: true,
        copyDiagCodes: true,
      },
    })
    expect(Object.keys(error.errors ?? {})).toEqual(['approved_Thru'])
  })

  it('answers 400 naming missing flags, a wrong number and non-dates', async () => {
    const number = seededOriginal()
    const missing = await problem('POST', `/auths/${number}/adjust`, 400, {
      body: { auth_Number: number, approved_From: 'tomorrow' },
    })
    expect(Object.keys(missing.errors ?? {}).sort()).toEqual(
      ['approved_From', 'copyDiagCodes', 'copyProcCodes', 'recalcIBNR'].sort(),
    )
    const other = await problem('POST', `/auths/${number}/adjust`, 400, {
      body: { auth_Number: 'X-1', recalcIBNR: false, copyProcCodes: true, copyDiagCodes: true },
    })
    expect(other.errors).toHaveProperty('auth_Number')
  })

  it('answers 404 for an unknown auth', async () => {
    await problem('POST', '/auths/00-000001x/adjust', 404, {
      body: {
        auth_Number: '00-000001x',
        recalcIBNR: false,
        copyProcCodes: true,
        copyDiagCodes: true,
      },
    })
  })
})

describe('POST /auths/{authNumber}/process-status/{newAuthCode}', () => {
  it('changes the code and status: A approves, D denies, C closes', async () => {
    const auth = await create({ auth_Code: 'P', status: 'Pended' })
    const path = (code: string) => `/auths/${auth.auth_Number}/process-status/${code}`

    const approved = parseAuth((await call('POST', path('A'))).data)
    expect([approved.auth_Code, approved.status, approved.closed]).toEqual(['A', 'Approved', false])
    expect(approved.approved_By).toBe('support')
    expect(approved.approved_Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)

    const denied = parseAuth((await call('POST', path('D'))).data)
    expect([denied.auth_Code, denied.status, denied.closed]).toEqual(['D', 'Denied', false])

    const closed = parseAuth((await call('POST', path('C'))).data)
    expect([closed.auth_Code, closed.status, closed.closed]).toEqual(['C', 'Closed', true])
    expect(closed.update_User).toBe('support')
    expect(parseAuth((await call('GET', `/auths/${auth.auth_Number}`)).data)).toEqual(closed)
  })

  it('refuses an unknown code with 400 listing the valid ones', async () => {
    const auth = await create()
    const error = await problem('POST', `/auths/${auth.auth_Number}/process-status/X`, 400)
    expect(error.detail).toContain('A (Approved), P (Pended), D (Denied), C (Closed)')
    expect(error.errors).toHaveProperty('newAuthCode')
    expect(parseAuth((await call('GET', `/auths/${auth.auth_Number}`)).data).auth_Code).toBe('P')
  })

  it('answers 404 for an unknown auth', async () => {
    await problem('POST', '/auths/99-999990/process-status/A', 404)
  })
})

describe('writes from a stale copy (no lost updates)', () => {
  it('refuses a PUT made from an older version with 409 naming the current one', async () => {
    const copy = await create()
    const first = await call('PUT', `/auths/${copy.auth_Number}`, {
      body: { ...copy, notes: 'First' },
    })
    expect(first.status).toBe(200)
    const stored = parseAuth(first.data)
    expect(stored.update_Date).toMatch(/\.\d{3}$/)
    const error = await problem('PUT', `/auths/${copy.auth_Number}`, 409, {
      body: { ...copy, units_Requested: 20 },
    })
    expect(error.detail).toContain(stored.update_Date!)
    const now = parseAuth((await call('GET', `/auths/${copy.auth_Number}`)).data)
    expect(now).toMatchObject({ notes: 'First', units_Requested: 12 })
  })

  it('refuses a stale item of PUT /auths with 409 and stores the others', async () => {
    const a = await create()
    const b = await create()
    await call('PUT', `/auths/${a.auth_Number}`, { body: { ...a, notes: 'Theirs' } })
    const res = await call('PUT', '/auths', {
      body: [
        { ...a, notes: 'Mine' },
        { ...b, notes: 'Mine' },
      ],
    })
    expect(batchResultSchema.parse(res.data).map((r) => r.status)).toEqual([409, 200])
    expect(parseAuth((await call('GET', `/auths/${a.auth_Number}`)).data).notes).toBe('Theirs')
    expect(parseAuth((await call('GET', `/auths/${b.auth_Number}`)).data).notes).toBe('Mine')
  })
})

describe('the version a write was made from is required and exact', () => {
  /** Ways of not sending the stored version, with the status each gets. */
  const variants = (stored: string): [string, Record<string, unknown>, number][] => [
    ['omitted', {}, 428],
    ['null', { update_Date: null }, 428],
    ['in the future', { update_Date: '2099-01-01T00:00:00.000' }, 409],
    ['with an offset', { update_Date: `${stored}Z` }, 409],
    ['as a date alone', { update_Date: stored.slice(0, 10) }, 409],
    ['exactly the stored one', { update_Date: stored }, 200],
  ]
  const without = (auth: Auth) => {
    const { update_Date: _, ...rest } = auth
    return rest
  }

  it('PUT: without it 428 naming update_Date, not exactly the stored one 409', async () => {
    for (let i = 0; i < 6; i++) {
      const auth = await create()
      const [name, version, status] = variants(auth.update_Date!)[i]!
      const res = await call('PUT', `/auths/${auth.auth_Number}`, {
        body: { ...without(auth), ...version, notes: 'Changed' },
      })
      expect(res.status, name).toBe(status)
      expect(res.error?.status ?? 200, name).toBe(status)
      if (status === 428) expect(res.error?.errors).toHaveProperty('update_Date')
      const stored = parseAuth((await call('GET', `/auths/${auth.auth_Number}`)).data)
      expect(stored.notes, name).toBe(status === 200 ? 'Changed' : auth.notes)
    }
  })

  it('PUT /auths: per item, 428 without the version and 409 with another one', async () => {
    const auths = await Promise.all(Array.from({ length: 6 }, () => create()))
    const body = auths.map((auth, i) => ({
      ...without(auth),
      ...variants(auth.update_Date!)[i]![1],
      notes: 'Changed',
    }))
    const res = await call('PUT', '/auths', { body: [...body, newAuth()] })
    const results = batchResultSchema.parse(res.data)
    expect(results.map((r) => r.status)).toEqual([428, 428, 409, 409, 409, 200, 201])
    expect(results[1]?.body).toMatch(/update_Date/)
    for (const [i, auth] of auths.entries()) {
      const stored = parseAuth((await call('GET', `/auths/${auth.auth_Number}`)).data)
      expect(stored.notes).toBe(i === 5 ? 'Changed' : auth.notes)
    }
  })
})

describe('who approved', () => {
  it('is recorded by the service from the caller, never taken from the body', async () => {
    const forged = { approved_By: 'mallory', approved_Date: '2020-01-01T00:00:00' }
    const pended = await create(forged)
    expect(pended).toMatchObject({ approved_By: null, approved_Date: null })

    const approved = parseAuth(
      (
        await call('PUT', `/auths/${pended.auth_Number}`, {
          body: { ...pended, ...forged, auth_Code: 'A', status: 'Approved' },
        })
      ).data,
    )
    expect(approved.approved_By).toBe('support')
    expect(approved.approved_Date).not.toBe(forged.approved_Date)

    // Edited while approved: the record stays; a forged one is ignored.
    const edited = parseAuth(
      (
        await call('PUT', `/auths/${pended.auth_Number}`, {
          body: { ...approved, ...forged, notes: 'Still approved' },
        })
      ).data,
    )
    expect(edited).toMatchObject({
      approved_By: 'support',
      approved_Date: approved.approved_Date,
    })
    const created = await create({ ...forged, auth_Code: 'A', status: 'Approved' })
    expect(created.approved_By).toBe('support')
  })
})
