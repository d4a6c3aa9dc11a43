import { afterAll, describe, expect, it } from 'vitest'
import { createAuth } from '@/api/auths'
import { ApiError } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { AUTH_KEYS, specOf, type AuthFieldSpec, type AuthKey } from '@/api/schemas/auth-fields'
import { AUTH_DATE_ORDER } from '@/api/schemas/date-order'
import { startInProcessSandbox } from '@/test/sandbox-client'
import { labelOf } from './auth-fields'
import { checkImportRow } from './batch/import-rows'
import { authFormSchema } from './form/auth-form-schema'
import { FORM_FIELDS, formKindOf, toFormValues, toInputValue } from './form/auth-form-values'

/*
 * The contract's auth field table (src/api/schemas/auth-fields.ts) is the one statement of each
 * field; this walks it and asks the form, the import and the service whether they agree: types,
 * labels, text limits, number ranges, required defaults and the date ranges. The sandbox's
 * columns and its OpenAPI document are held to the same table by sandbox/auths/fields.test.ts and
 * sandbox/openapi/routes.test.ts.
 */

const service = startInProcessSandbox('field-table')
afterAll(() => service.close())

const DATE = '2026-03-14T00:00:00'

/** A value at the edge of what the table allows the field (the longest text, the largest number). */
function atLimit(spec: AuthFieldSpec): string | number | boolean {
  switch (spec.type) {
    case 'text':
      return 'x'.repeat(spec.max)
    case 'number':
    case 'integer':
      return spec.range.max
    case 'boolean':
      return spec.default !== true
    case 'date':
      return DATE
  }
}

/** Values just past the table's limits, by field; none for dates and flags. */
function pastLimit(spec: AuthFieldSpec): (string | number)[] {
  if (spec.type === 'text') return ['x'.repeat(spec.max + 1)]
  if (spec.type === 'number' || spec.type === 'integer')
    return [spec.range.max + 1, spec.range.min - 1]
  return []
}

/** The fields a client may send a value of: the service writes its stamps itself. */
const WRITTEN = AUTH_KEYS.filter((field) => !specOf(field).stamped && field !== 'auth_Number')

const csvRow = (values: Record<string, unknown>) => ({
  index: 1,
  format: 'csv' as const,
  values: Object.fromEntries(Object.entries(values).map(([f, v]) => [f, String(v)])),
})

describe('the auth field table', () => {
  it.each(AUTH_KEYS)('labels %s as the table says', (field) => {
    expect(labelOf(field)).toBe(specOf(field).label)
  })

  describe('the form', () => {
    const KINDS: Record<AuthFieldSpec['type'], readonly string[]> = {
      text: ['text', 'longtext', 'yesno'],
      date: ['date', 'datetime'],
      number: ['number'],
      integer: ['integer'],
      boolean: ['boolean'],
    }
    const errorsOf = (field: AuthKey, value: unknown) => {
      const values = { ...toFormValues(), [field]: toInputValue(field, value) }
      const result = authFormSchema.safeParse(values)
      return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message)
    }

    it.each(FORM_FIELDS)('edits %s as its type, takes it at its limits and no further', (field) => {
      const spec = specOf(field)
      expect(KINDS[spec.type]).toContain(formKindOf(field))
      expect(errorsOf(field, atLimit(spec))).toEqual([])
      for (const past of pastLimit(spec))
        expect(errorsOf(field, past), String(past)).not.toEqual([])
    })

    it('starts a new auth with the required defaults', () => {
      const values = toFormValues() as Record<string, unknown>
      for (const field of FORM_FIELDS) {
        const spec = specOf(field)
        if (spec.required) expect(values[field], field).toBe(spec.default)
      }
    })
  })

  describe('the import', () => {
    it.each(AUTH_KEYS)('reads %s as its type, at its limits and no further', (field) => {
      const spec = specOf(field)
      const value = atLimit(spec)
      const read = checkImportRow(csvRow({ [field]: value }))
      expect(read.ok && read.auth[field]).toEqual(value)
      for (const past of pastLimit(spec)) {
        const check = checkImportRow(csvRow({ [field]: past }))
        expect(check.errors, String(past)).toHaveProperty(field)
      }
    })

    it.each(AUTH_DATE_ORDER)('refuses %s after %s', (from, thru) => {
      const check = checkImportRow(csvRow({ [from]: '2026-03-10', [thru]: '2026-03-01' }))
      expect(Object.keys(check.errors)).toEqual([thru])
    })
  })

  describe('the service', () => {
    const newAuth = (values: Record<string, unknown>) =>
      ({ ...Object.fromEntries(WRITTEN.map((f) => [f, null])), ...values }) as Auth
    const defaults = Object.fromEntries(
      AUTH_KEYS.flatMap((f) => (specOf(f).required ? [[f, specOf(f).default]] : [])),
    )
    const refusal = async (auth: Auth) => {
      const api = await service.clientFor('support')
      const error = await createAuth(api, auth).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      return Object.keys((error as ApiError).problem.errors ?? {}).sort()
    }

    it('stores every field the table lets a client write, at its limits, and reads it back', async () => {
      const values = Object.fromEntries(WRITTEN.map((f) => [f, atLimit(specOf(f))]))
      values.auth_Code = 'P'
      values.status = 'Pended'
      const api = await service.clientFor('support')
      const created = await createAuth(api, newAuth(values))
      for (const field of WRITTEN) expect(created[field], field).toEqual(values[field])
    })

    it('refuses each number past its range, naming it', async () => {
      const numbers = WRITTEN.filter((f) => pastLimit(specOf(f)).length === 2)
      expect(numbers.length).toBeGreaterThan(20)
      for (const side of [0, 1]) {
        const values = Object.fromEntries(numbers.map((f) => [f, pastLimit(specOf(f))[side]]))
        expect(await refusal(newAuth({ ...defaults, ...values }))).toEqual([...numbers].sort())
      }
    })

    it('refuses each date range that ends before it starts, naming its end', async () => {
      const values = Object.fromEntries(
        AUTH_DATE_ORDER.flatMap(([from, thru]) => [
          [from, '2026-03-10T00:00:00'],
          [thru, '2026-03-01T00:00:00'],
        ]),
      )
      expect(await refusal(newAuth({ ...defaults, ...values }))).toEqual(
        AUTH_DATE_ORDER.map(([, thru]) => thru).sort(),
      )
    })
  })
})
