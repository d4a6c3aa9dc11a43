import type { authSchema } from '@/api/schemas/auth'

/** A documented Auth field (the schema is loose, so `keyof Auth` alone is `string`). */
export type AuthKey = keyof typeof authSchema.shape & string

/** How a field's value is typed by the contract. */
export type ValueKind = 'text' | 'date' | 'number' | 'integer' | 'boolean'

/**
 * Every documented field with its contract type and the label staff know it by. Typed against
 * the contract: a field added to `authSchema` fails the type check here until it is described.
 */
export const AUTH_FIELDS: Record<AuthKey, { kind: ValueKind; label: string }> = {
  auth_Number: { kind: 'text', label: 'Auth number' },
  actual_From: { kind: 'date', label: 'Actual from' },
  actual_Location: { kind: 'text', label: 'Actual location' },
  actual_Thru: { kind: 'date', label: 'Actual thru' },
  additional_Visits: { kind: 'number', label: 'Additional visits' },
  amount_Actual: { kind: 'number', label: 'Actual amount' },
  amount_Approved: { kind: 'number', label: 'Approved amount' },
  amount_Denied: { kind: 'number', label: 'Denied amount' },
  amount_Requested: { kind: 'number', label: 'Requested amount' },
  approved_By: { kind: 'text', label: 'Approved by' },
  approved_Date: { kind: 'date', label: 'Approved on' },
  approved_Frequency: { kind: 'text', label: 'Approved frequency' },
  approved_From: { kind: 'date', label: 'Approved from' },
  approved_Location: { kind: 'text', label: 'Approved location' },
  approved_Thru: { kind: 'date', label: 'Approved thru' },
  assigned_User: { kind: 'text', label: 'Assigned to' },
  audit_Flag: { kind: 'text', label: 'Audit flag' },
  auth_Code: { kind: 'text', label: 'Auth code' },
  auth_Type: { kind: 'text', label: 'Auth type' },
  auto_Accident: { kind: 'text', label: 'Auto accident' },
  bodyCode_ID: { kind: 'text', label: 'Body code' },
  careManager_Key: { kind: 'integer', label: 'Care manager key' },
  case_Index_Actual: { kind: 'text', label: 'Case index (actual)' },
  case_Index_Approved: { kind: 'text', label: 'Case index (approved)' },
  case_Index_Denied: { kind: 'text', label: 'Case index (denied)' },
  case_Index_Requested: { kind: 'text', label: 'Case index (requested)' },
  case_Number: { kind: 'text', label: 'Case number' },
  cityCode_ID: { kind: 'text', label: 'City code' },
  closed: { kind: 'boolean', label: 'Closed' },
  drG_Category: { kind: 'text', label: 'DRG category' },
  drG_Code: { kind: 'text', label: 'DRG code' },
  daily_Living: { kind: 'integer', label: 'Daily living score' },
  denied_From: { kind: 'date', label: 'Denied from' },
  denied_Thru: { kind: 'date', label: 'Denied thru' },
  discharge_Date: { kind: 'date', label: 'Discharged' },
  entry_Date: { kind: 'date', label: 'Entered on' },
  entry_User: { kind: 'text', label: 'Entered by' },
  federal_ID: { kind: 'text', label: 'Provider federal ID' },
  ivR_Flag: { kind: 'text', label: 'IVR flag' },
  injury_Date: { kind: 'date', label: 'Injury date' },
  member_Seq: { kind: 'text', label: 'Member sequence' },
  monthly_Amount: { kind: 'number', label: 'Monthly amount' },
  narrative: { kind: 'text', label: 'Clinical narrative' },
  new_Or_Extended: { kind: 'boolean', label: 'Extension of an earlier auth' },
  notes: { kind: 'text', label: 'Notes' },
  ordered_By_ID: { kind: 'text', label: 'Ordered by ID' },
  ordered_By_Name: { kind: 'text', label: 'Ordered by' },
  other_Coverage_Primary: { kind: 'text', label: 'Other coverage is primary' },
  other_Insurance: { kind: 'text', label: 'Other insurance' },
  payee_ID: { kind: 'text', label: 'Payee ID' },
  plan_ID: { kind: 'text', label: 'Plan' },
  previous_Auth: { kind: 'text', label: 'Adjusts auth' },
  previous_Treatment: { kind: 'boolean', label: 'Previous treatment' },
  prior_Auth: { kind: 'text', label: 'Prior auth' },
  provider_ID: { kind: 'text', label: 'Provider ID' },
  radiating_Pain: { kind: 'integer', label: 'Radiating pain score' },
  range_Of_Motion: { kind: 'integer', label: 'Range of motion score' },
  received_Date: { kind: 'date', label: 'Received' },
  referred_By_ID: { kind: 'text', label: 'Referred by ID' },
  referred_By_Name: { kind: 'text', label: 'Referred by' },
  region: { kind: 'text', label: 'Region' },
  reinsNotification_Date: { kind: 'date', label: 'Reinsurance notified' },
  requested_Frequency: { kind: 'text', label: 'Requested frequency' },
  requested_From: { kind: 'date', label: 'Requested from' },
  requested_Location: { kind: 'text', label: 'Requested location' },
  requested_Thru: { kind: 'date', label: 'Requested thru' },
  service_Code: { kind: 'text', label: 'Procedure code' },
  service_Type: { kind: 'text', label: 'Service type' },
  status: { kind: 'text', label: 'Status' },
  subscriber_ID: { kind: 'text', label: 'Subscriber ID' },
  tPlan_DownLoaded: { kind: 'boolean', label: 'Treatment plan downloaded' },
  tPlan_DownLoaded_Date: { kind: 'date', label: 'Treatment plan downloaded on' },
  tPlan_DownLoaded_User: { kind: 'text', label: 'Treatment plan downloaded by' },
  tPlan_Printed: { kind: 'text', label: 'Treatment plan printed' },
  tPlan_Printed_Date: { kind: 'date', label: 'Treatment plan printed on' },
  total_Actual: { kind: 'number', label: 'Actual total' },
  total_Approved: { kind: 'number', label: 'Approved total' },
  total_Requested: { kind: 'number', label: 'Requested total' },
  total_Unit_Type: { kind: 'text', label: 'Total unit type' },
  treatment_Type: { kind: 'text', label: 'Treatment type' },
  type_Of_Service: { kind: 'text', label: 'Type of service' },
  unit_Type: { kind: 'text', label: 'Unit type' },
  units_Actual: { kind: 'number', label: 'Actual units' },
  units_Approved: { kind: 'number', label: 'Approved units' },
  units_Denied: { kind: 'number', label: 'Denied units' },
  units_Requested: { kind: 'number', label: 'Requested units' },
  update_Date: { kind: 'date', label: 'Updated on' },
  update_User: { kind: 'text', label: 'Updated by' },
  urgent: { kind: 'boolean', label: 'Urgent' },
  visits_Actual: { kind: 'number', label: 'Actual visits' },
  visits_Approved: { kind: 'number', label: 'Approved visits' },
  visits_Requested: { kind: 'number', label: 'Requested visits' },
  visits_To_Date: { kind: 'number', label: 'Visits to date' },
  work_Related: { kind: 'text', label: 'Work related' },
}

export const AUTH_KEYS = Object.keys(AUTH_FIELDS) as AuthKey[]

export const isAuthKey = (name: string): name is AuthKey => Object.hasOwn(AUTH_FIELDS, name)

/** A field's label, or the field name itself for fields the contract does not document. */
export const labelOf = (name: string) => (isAuthKey(name) ? AUTH_FIELDS[name].label : name)

/** The NOT NULL fields: always sent, with these values for a new auth. */
export const REQUIRED_DEFAULTS = {
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
} as const

/** Ranges whose end may not fall before their start. */
export const DATE_RANGES = [
  ['requested_From', 'requested_Thru'],
  ['approved_From', 'approved_Thru'],
  ['denied_From', 'denied_Thru'],
  ['actual_From', 'actual_Thru'],
] as const satisfies readonly (readonly [AuthKey, AuthKey])[]

/** Fields holding `Y`/`N` flags. */
export const YES_NO_FIELDS = [
  'work_Related',
  'auto_Accident',
  'other_Insurance',
  'other_Coverage_Primary',
] as const satisfies readonly AuthKey[]

/** Fields the service no longer uses: shown folded away, never edited, never dropped. */
export const LEGACY_FIELDS = [
  'audit_Flag',
  'bodyCode_ID',
  'case_Index_Requested',
  'case_Index_Approved',
  'case_Index_Denied',
  'case_Index_Actual',
  'cityCode_ID',
  'daily_Living',
  'ivR_Flag',
  'radiating_Pain',
  'range_Of_Motion',
  'tPlan_DownLoaded',
  'tPlan_DownLoaded_Date',
  'tPlan_DownLoaded_User',
  'tPlan_Printed',
  'tPlan_Printed_Date',
] as const satisfies readonly AuthKey[]

/** Auth numbers the service accepts: short, safe in a URL path segment. */
export const AUTH_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$/

/**
 * The auth number a search means, or null: one with a dash or dot and a digit (`25-000005`), or
 * eight digits without the dash, read as the usual `YY-NNNNNN` (`25000005` is `25-000005`).
 */
export function searchedAuthNumber(text: string): string | null {
  const typed = text.trim()
  if (/^\d{8}$/.test(typed)) return `${typed.slice(0, 2)}-${typed.slice(2)}`
  if (AUTH_NUMBER_PATTERN.test(typed) && /\d/.test(typed) && /[-.]/.test(typed)) return typed
  return null
}
