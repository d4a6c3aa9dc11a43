import { TEXT_SIZE } from './text-sizes'

/*
 * Every Auth field, once: its name, its type, its limits, whether the service requires it, and
 * the label staff know it by. The contract's schemas (`auth.ts`), the text limits, the console's
 * form and import, the sandbox's storage and its OpenAPI document all read this table, so a field
 * is added here and nowhere else in the contract. Plain data: it costs a page no code to carry.
 */

/** How the service types a field's value (dates are date-time strings). */
export type AuthFieldType = 'text' | 'date' | 'number' | 'integer' | 'boolean'

/** The smallest and largest value a number field takes, both included. */
export interface NumberRange {
  readonly min: number
  readonly max: number
}

/** Largest amount, count or unit number an auth may hold: beyond it is a typing error. */
export const MAX_AMOUNT = 1_000_000_000_000

/** Amounts, units and visits: never negative, at most `MAX_AMOUNT`. */
const AMOUNT: NumberRange = { min: 0, max: MAX_AMOUNT }
/** Keys and scores: whole numbers the service stores in 32 bits, never negative. */
const WHOLE: NumberRange = { min: 0, max: 2_147_483_647 }

const { user: USER, code: CODE, term: TERM, name: NAME, flag: FLAG, note: NOTE } = TEXT_SIZE

export type AuthFieldSpec = {
  /** What staff call it. */
  readonly label: string
  /** NOT NULL: every write sends it, and a new auth gets `default`. */
  readonly required?: true
  readonly default?: string | boolean
  /** The service writes it itself (who entered, changed or approved, and when). */
  readonly stamped?: true
} & (
  | { readonly type: 'text'; /** the longest text a write may hold */ readonly max: number }
  | { readonly type: 'date' }
  | { readonly type: 'number' | 'integer'; readonly range: NumberRange }
  | { readonly type: 'boolean' }
)

/** The fields, in the order the service's documentation lists them. */
export const AUTH_FIELDS = {
  auth_Number: { type: 'text', max: 30, label: 'Auth number' },
  actual_From: { type: 'date', label: 'Actual from' },
  actual_Location: { type: 'text', max: NAME, label: 'Actual location' },
  actual_Thru: { type: 'date', label: 'Actual thru' },
  additional_Visits: { type: 'number', range: AMOUNT, label: 'Additional visits' },
  amount_Actual: { type: 'number', range: AMOUNT, label: 'Actual amount' },
  amount_Approved: { type: 'number', range: AMOUNT, label: 'Approved amount' },
  amount_Denied: { type: 'number', range: AMOUNT, label: 'Denied amount' },
  amount_Requested: { type: 'number', range: AMOUNT, label: 'Requested amount' },
  approved_By: { type: 'text', max: USER, stamped: true, label: 'Approved by' },
  approved_Date: { type: 'date', stamped: true, label: 'Approved on' },
  approved_Frequency: { type: 'text', max: TERM, label: 'Approved frequency' },
  approved_From: { type: 'date', label: 'Approved from' },
  approved_Location: { type: 'text', max: NAME, label: 'Approved location' },
  approved_Thru: { type: 'date', label: 'Approved thru' },
  assigned_User: { type: 'text', max: USER, label: 'Assigned to' },
  audit_Flag: { type: 'text', max: FLAG, label: 'Audit flag' },
  auth_Code: { type: 'text', max: FLAG, label: 'Auth code' },
  auth_Type: { type: 'text', max: TERM, label: 'Auth type' },
  auto_Accident: { type: 'text', max: FLAG, label: 'Auto accident' },
  bodyCode_ID: { type: 'text', max: CODE, label: 'Body code' },
  careManager_Key: { type: 'integer', range: WHOLE, label: 'Care manager key' },
  case_Index_Actual: { type: 'text', max: TERM, label: 'Case index (actual)' },
  case_Index_Approved: { type: 'text', max: TERM, label: 'Case index (approved)' },
  case_Index_Denied: { type: 'text', max: TERM, label: 'Case index (denied)' },
  case_Index_Requested: { type: 'text', max: TERM, label: 'Case index (requested)' },
  case_Number: { type: 'text', max: CODE, label: 'Case number' },
  cityCode_ID: { type: 'text', max: CODE, label: 'City code' },
  closed: { type: 'boolean', required: true, default: false, label: 'Closed' },
  drG_Category: { type: 'text', max: TERM, label: 'DRG category' },
  drG_Code: { type: 'text', max: CODE, label: 'DRG code' },
  daily_Living: { type: 'integer', range: WHOLE, label: 'Daily living score' },
  denied_From: { type: 'date', label: 'Denied from' },
  denied_Thru: { type: 'date', label: 'Denied thru' },
  discharge_Date: { type: 'date', label: 'Discharged' },
  entry_Date: { type: 'date', stamped: true, label: 'Entered on' },
  entry_User: { type: 'text', max: USER, stamped: true, label: 'Entered by' },
  federal_ID: { type: 'text', max: CODE, label: 'Provider federal ID' },
  ivR_Flag: { type: 'text', max: FLAG, label: 'IVR flag' },
  injury_Date: { type: 'date', label: 'Injury date' },
  member_Seq: { type: 'text', max: CODE, label: 'Member sequence' },
  monthly_Amount: { type: 'number', range: AMOUNT, label: 'Monthly amount' },
  narrative: { type: 'text', max: NOTE, label: 'Clinical narrative' },
  new_Or_Extended: {
    type: 'boolean',
    required: true,
    default: false,
    label: 'Extension of an earlier auth',
  },
  notes: { type: 'text', max: NOTE, label: 'Notes' },
  ordered_By_ID: { type: 'text', max: CODE, label: 'Ordered by ID' },
  ordered_By_Name: { type: 'text', max: NAME, label: 'Ordered by' },
  other_Coverage_Primary: { type: 'text', max: FLAG, label: 'Other coverage is primary' },
  other_Insurance: { type: 'text', max: NAME, label: 'Other insurance' },
  payee_ID: { type: 'text', max: CODE, label: 'Payee ID' },
  plan_ID: { type: 'text', max: CODE, label: 'Plan' },
  previous_Auth: { type: 'text', max: CODE, label: 'Adjusts auth' },
  previous_Treatment: {
    type: 'boolean',
    required: true,
    default: false,
    label: 'Previous treatment',
  },
  prior_Auth: { type: 'text', max: CODE, label: 'Prior auth' },
  provider_ID: { type: 'text', max: CODE, label: 'Provider ID' },
  radiating_Pain: { type: 'integer', range: WHOLE, label: 'Radiating pain score' },
  range_Of_Motion: { type: 'integer', range: WHOLE, label: 'Range of motion score' },
  received_Date: { type: 'date', label: 'Received' },
  referred_By_ID: { type: 'text', max: CODE, label: 'Referred by ID' },
  referred_By_Name: { type: 'text', max: NAME, label: 'Referred by' },
  region: { type: 'text', max: TERM, label: 'Region' },
  reinsNotification_Date: { type: 'date', label: 'Reinsurance notified' },
  requested_Frequency: { type: 'text', max: TERM, label: 'Requested frequency' },
  requested_From: { type: 'date', label: 'Requested from' },
  requested_Location: { type: 'text', max: NAME, label: 'Requested location' },
  requested_Thru: { type: 'date', label: 'Requested thru' },
  service_Code: { type: 'text', max: CODE, label: 'Procedure code' },
  service_Type: { type: 'text', max: TERM, label: 'Service type' },
  status: { type: 'text', max: TERM, label: 'Status' },
  subscriber_ID: { type: 'text', max: CODE, label: 'Subscriber ID' },
  tPlan_DownLoaded: {
    type: 'boolean',
    required: true,
    default: false,
    label: 'Treatment plan downloaded',
  },
  tPlan_DownLoaded_Date: { type: 'date', label: 'Treatment plan downloaded on' },
  tPlan_DownLoaded_User: { type: 'text', max: USER, label: 'Treatment plan downloaded by' },
  tPlan_Printed: {
    type: 'text',
    max: FLAG,
    required: true,
    default: 'N',
    label: 'Treatment plan printed',
  },
  tPlan_Printed_Date: { type: 'date', label: 'Treatment plan printed on' },
  total_Actual: { type: 'number', range: AMOUNT, label: 'Actual total' },
  total_Approved: { type: 'number', range: AMOUNT, label: 'Approved total' },
  total_Requested: { type: 'number', range: AMOUNT, label: 'Requested total' },
  total_Unit_Type: { type: 'text', max: TERM, label: 'Total unit type' },
  treatment_Type: { type: 'text', max: TERM, label: 'Treatment type' },
  type_Of_Service: { type: 'text', max: TERM, label: 'Type of service' },
  unit_Type: { type: 'text', max: TERM, label: 'Unit type' },
  units_Actual: { type: 'number', range: AMOUNT, label: 'Actual units' },
  units_Approved: { type: 'number', range: AMOUNT, label: 'Approved units' },
  units_Denied: { type: 'number', range: AMOUNT, label: 'Denied units' },
  units_Requested: { type: 'number', range: AMOUNT, label: 'Requested units' },
  update_Date: { type: 'date', stamped: true, label: 'Updated on' },
  update_User: { type: 'text', max: USER, stamped: true, label: 'Updated by' },
  urgent: { type: 'boolean', required: true, default: false, label: 'Urgent' },
  visits_Actual: { type: 'number', range: AMOUNT, label: 'Actual visits' },
  visits_Approved: { type: 'number', range: AMOUNT, label: 'Approved visits' },
  visits_Requested: { type: 'number', range: AMOUNT, label: 'Requested visits' },
  visits_To_Date: { type: 'number', range: AMOUNT, label: 'Visits to date' },
  work_Related: { type: 'text', max: FLAG, label: 'Work related' },
} as const satisfies Record<string, AuthFieldSpec>

/** A documented Auth field (the schema is loose, so `keyof Auth` alone is `string`). */
export type AuthKey = keyof typeof AUTH_FIELDS

/** The fields whose spec has the shape `S`: `AuthKeyWhere<{ type: 'text' }>`. */
export type AuthKeyWhere<S> = {
  [K in AuthKey]: (typeof AUTH_FIELDS)[K] extends S ? K : never
}[AuthKey]

export const AUTH_KEYS = Object.keys(AUTH_FIELDS) as AuthKey[]

export const isAuthKey = (name: string): name is AuthKey => Object.hasOwn(AUTH_FIELDS, name)

/** A field's spec, for code that walks the table without knowing which field it holds. */
export const specOf = (field: AuthKey): AuthFieldSpec => AUTH_FIELDS[field]

/** The fields of a type. */
export const authKeysOfType = (type: AuthFieldType) =>
  AUTH_KEYS.filter((field) => AUTH_FIELDS[field].type === type)

type RequiredKey = AuthKeyWhere<{ required: true }>

function requiredDefaults() {
  const defaults: Record<string, unknown> = {}
  for (const field of AUTH_KEYS) {
    const spec = specOf(field)
    if (spec.required) defaults[field] = spec.default
  }
  return defaults as { readonly [K in RequiredKey]: (typeof AUTH_FIELDS)[K]['default'] }
}

/** The NOT NULL fields: always sent, with these values for a new auth. */
export const REQUIRED_DEFAULTS = /* @__PURE__ */ requiredDefaults()

/** Auth numbers the service accepts: short, safe in a URL path segment. */
export const AUTH_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,29}$/
