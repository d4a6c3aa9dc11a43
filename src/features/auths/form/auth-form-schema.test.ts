import { describe, expect, it } from 'vitest'
import type { Auth } from '@/api/schemas/auth'
import { defaultRuntimeConfig } from '@/lib/runtime-config'
import { authFormSchema, authFormSchemaFor, authFromForm } from './auth-form-schema'
import { toFormValues } from './auth-form-values'

const loaded: Auth = {
  auth_Number: '26-000001',
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: true,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'Y',
  urgent: false,
  requested_From: '2026-01-03T00:00:00Z',
  received_Date: '2026-01-01T10:23:45',
  units_Requested: 19,
  notes: 'Loaded',
  cityCode_ID: 'X1',
  custom_Flag: 'kept',
}

const issues = (values: ReturnType<typeof toFormValues>) => {
  const result = authFormSchema.safeParse(values)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]))
}

describe('authFormSchema', () => {
  it('accepts the values of a loaded auth as they are', () => {
    expect(issues(toFormValues(loaded))).toEqual({})
  })

  it('refuses negative and non-numeric numbers, unreal dates and a range ending before it starts', () => {
    const values = {
      ...toFormValues(loaded),
      units_Approved: '-1',
      amount_Requested: '12,5',
      careManager_Key: '2.5',
      approved_From: '2026-03-10',
      approved_Thru: '2026-03-01',
      auth_Number: 'no spaces allowed',
    }
    expect(issues(values)).toEqual({
      units_Approved: 'Must be 0 or more',
      amount_Requested: 'Enter a number',
      careManager_Key: 'Enter a whole number',
      approved_Thru: 'Must not be before approved from',
      auth_Number: expect.stringContaining('letters, digits'),
    })
  })
})

describe('authFormSchemaFor', () => {
  it('refuses a code and a status that contradict each other, on the status', () => {
    const schema = authFormSchemaFor(defaultRuntimeConfig.authCodes)
    const contradiction = { ...toFormValues(loaded), auth_Code: 'A', status: 'Denied' }
    const result = schema.safeParse(contradiction)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      [
        'status',
        'Code A means Approved, but the status reads Denied. Set the status to match the code.',
      ],
    ])
    expect(schema.safeParse({ ...contradiction, status: 'Approved' }).success).toBe(true)
    // A wording the console cannot place is not a contradiction.
    expect(schema.safeParse({ ...contradiction, status: 'Under review' }).success).toBe(true)
  })
})

describe('text limits', () => {
  it('refuses text over the service’s limit, saying how far over', () => {
    const values = {
      ...toFormValues(loaded),
      notes: 'n'.repeat(8_001),
      narrative: 'n'.repeat(8_000),
      provider_ID: 'p'.repeat(51),
    }
    expect(issues(values)).toEqual({
      notes: 'Keep it to 8,000 characters or fewer (8,001 now)',
      provider_ID: 'Keep it to 50 characters or fewer (51 now)',
    })
  })
})

describe('authFromForm', () => {
  it('sends the whole loaded auth back, unknown and legacy fields included, with the edits over it', () => {
    const values = { ...toFormValues(loaded), notes: 'Edited', units_Approved: '6', urgent: true }
    const sent = authFromForm(values, loaded)
    expect(sent).toMatchObject({ notes: 'Edited', units_Approved: 6, urgent: true })
    expect(sent.cityCode_ID).toBe('X1')
    expect(sent.custom_Flag).toBe('kept')
    expect(sent.tPlan_Printed).toBe('Y')
  })

  it('keeps untouched values exactly as loaded (seconds, offsets), and writes edited dates canonically', () => {
    const untouched = authFromForm(toFormValues(loaded), loaded)
    expect(untouched.requested_From).toBe('2026-01-03T00:00:00Z')
    expect(untouched.received_Date).toBe('2026-01-01T10:23:45')
    const edited = authFromForm(
      { ...toFormValues(loaded), requested_From: '2026-02-01', received_Date: '2026-01-02T08:15' },
      loaded,
    )
    expect(edited.requested_From).toBe('2026-02-01T00:00:00')
    expect(edited.received_Date).toBe('2026-01-02T08:15:00')
  })

  it('clears a field whose input was emptied', () => {
    const sent = authFromForm({ ...toFormValues(loaded), notes: '', units_Requested: '' }, loaded)
    expect(sent.notes).toBeNull()
    expect(sent.units_Requested).toBeNull()
  })

  it('gives a new auth its NOT NULL fields and no number when none was typed', () => {
    const sent = authFromForm({ ...toFormValues(), subscriber_ID: '100244581' })
    expect(sent).toMatchObject({
      closed: false,
      new_Or_Extended: false,
      previous_Treatment: false,
      tPlan_DownLoaded: false,
      tPlan_Printed: 'N',
      urgent: false,
      subscriber_ID: '100244581',
    })
    expect('auth_Number' in sent).toBe(false)
  })
})
