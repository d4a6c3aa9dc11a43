import type { Auth, authSchema } from '../../src/api/schemas/auth'
import { storableDate } from '../db/dates'
import type { Row } from '../db/sqlite'

/** A documented Auth field (the contract's `AuthField` is `string`: the schema is loose). */
export type AuthKey = keyof typeof authSchema.shape & string

/** How a field is stored: one `auths` column per Auth field, named exactly as the JSON field. */
export type FieldKind = 'text' | 'date' | 'number' | 'integer' | 'boolean'

/**
 * The storage kind of every Auth field. Typed against the contract, so adding a field to
 * `authSchema` fails the type check here until the column is added too (by a new migration).
 */
export const AUTH_FIELD_KINDS: Record<AuthKey, FieldKind> = {
  auth_Number: 'text',
  actual_From: 'date',
  actual_Location: 'text',
  actual_Thru: 'date',
  additional_Visits: 'number',
  amount_Actual: 'number',
  amount_Approved: 'number',
  amount_Denied: 'number',
  amount_Requested: 'number',
  approved_By: 'text',
  approved_Date: 'date',
  approved_Frequency: 'text',
  approved_From: 'date',
  approved_Location: 'text',
  approved_Thru: 'date',
  assigned_User: 'text',
  audit_Flag: 'text',
  auth_Code: 'text',
  auth_Type: 'text',
  auto_Accident: 'text',
  bodyCode_ID: 'text',
  careManager_Key: 'integer',
  case_Index_Actual: 'text',
  case_Index_Approved: 'text',
  case_Index_Denied: 'text',
  case_Index_Requested: 'text',
  case_Number: 'text',
  cityCode_ID: 'text',
  closed: 'boolean',
  drG_Category: 'text',
  drG_Code: 'text',
  daily_Living: 'integer',
  denied_From: 'date',
  denied_Thru: 'date',
  discharge_Date: 'date',
  entry_Date: 'date',
  entry_User: 'text',
  federal_ID: 'text',
  ivR_Flag: 'text',
  injury_Date: 'date',
  member_Seq: 'text',
  monthly_Amount: 'number',
  narrative: 'text',
  new_Or_Extended: 'boolean',
  notes: 'text',
  ordered_By_ID: 'text',
  ordered_By_Name: 'text',
  other_Coverage_Primary: 'text',
  other_Insurance: 'text',
  payee_ID: 'text',
  plan_ID: 'text',
  previous_Auth: 'text',
  previous_Treatment: 'boolean',
  prior_Auth: 'text',
  provider_ID: 'text',
  radiating_Pain: 'integer',
  range_Of_Motion: 'integer',
  received_Date: 'date',
  referred_By_ID: 'text',
  referred_By_Name: 'text',
  region: 'text',
  reinsNotification_Date: 'date',
  requested_Frequency: 'text',
  requested_From: 'date',
  requested_Location: 'text',
  requested_Thru: 'date',
  service_Code: 'text',
  service_Type: 'text',
  status: 'text',
  subscriber_ID: 'text',
  tPlan_DownLoaded: 'boolean',
  tPlan_DownLoaded_Date: 'date',
  tPlan_DownLoaded_User: 'text',
  tPlan_Printed: 'text',
  tPlan_Printed_Date: 'date',
  total_Actual: 'number',
  total_Approved: 'number',
  total_Requested: 'number',
  total_Unit_Type: 'text',
  treatment_Type: 'text',
  type_Of_Service: 'text',
  unit_Type: 'text',
  units_Actual: 'number',
  units_Approved: 'number',
  units_Denied: 'number',
  units_Requested: 'number',
  update_Date: 'date',
  update_User: 'text',
  urgent: 'boolean',
  visits_Actual: 'number',
  visits_Approved: 'number',
  visits_Requested: 'number',
  visits_To_Date: 'number',
  work_Related: 'text',
}

export const AUTH_COLUMNS = Object.keys(AUTH_FIELD_KINDS) as AuthKey[]

export const DATE_FIELDS = AUTH_COLUMNS.filter((f) => AUTH_FIELD_KINDS[f] === 'date')

/** Pairs whose `thru` may not fall before their `from`. */
export const DATE_RANGES = [
  ['requested_From', 'requested_Thru'],
  ['approved_From', 'approved_Thru'],
  ['denied_From', 'denied_Thru'],
  ['actual_From', 'actual_Thru'],
] as const satisfies readonly (readonly [AuthKey, AuthKey])[]

/** A stored value of the kind the column holds (booleans as 0/1). */
export type StoredValue = string | number | null

/** An Auth as stored: every column present, dates canonical. */
export type StoredAuth = Record<AuthKey, StoredValue>

/** The Auth of a stored row, every documented field present (null when empty). */
export function authFromRow(row: Row): Auth {
  const auth: Record<string, unknown> = {}
  for (const field of AUTH_COLUMNS) {
    const value = row[field] ?? null
    auth[field] = AUTH_FIELD_KINDS[field] === 'boolean' ? value === 1 || value === 1n : value
  }
  return auth as Auth
}

/** The service's own stamps: a body's values are not stored (`update_Date` is its version). */
const STAMPS = new Set<string>(['entry_Date', 'update_Date', 'approved_Date'])

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
    const kind = AUTH_FIELD_KINDS[field]
    if (value === undefined || value === null) stored[field] = null
    else if (kind === 'boolean') stored[field] = value === true ? 1 : 0
    else if (kind === 'date') {
      const date = storableDate(value as string)
      if (date.ok) stored[field] = date.value
      else if (STAMPS.has(field)) stored[field] = null
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
