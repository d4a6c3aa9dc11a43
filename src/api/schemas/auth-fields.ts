import { TEXT_SIZE } from './text-sizes'

/*
 * Every Auth field, once: its name, its type, its limits, whether the service requires it, and
 * the label staff know it by. The contract's schemas (`auth.ts`), the text limits, the console's
 * form and import, the sandbox's storage and its OpenAPI document all read this table, so a field
 * is added here and nowhere else in the contract. Plain data, without zod: a page that needs only
 * a label or a limit carries no schema code.
 */

/** How the service types a field's value (dates are date-time strings). */
export type AuthFieldType = 'text' | 'date' | 'number' | 'integer' | 'boolean'

/** The smallest and largest value a number field takes, both included. */
export interface NumberRange {
  readonly min: number
  readonly max: number
}

/** Largest amount, count or unit number an auth may hold: beyond it is a typing error. */
const MAX_AMOUNT = 1_000_000_000_000

export type AuthFieldSpec = {
  /** What staff call it. */
  readonly label: string
  /** NOT NULL: every write sends it, and a new auth gets `default`. */
  readonly required?: true
  readonly default?: string | boolean
  /** The service writes it itself (who entered, changed or approved, and when). */
  readonly stamped?: true
  /** It holds a user's ID: staff read it as the person's name. */
  readonly person?: true
} & (
  | { readonly type: 'text'; /** the longest text a write may hold */ readonly max: number }
  | { readonly type: 'date' }
  | { readonly type: 'number' | 'integer'; readonly range: NumberRange }
  | { readonly type: 'boolean' }
)

/*
 * Kinds of field: a type with its limits (and whether the service requires or stamps it), shared
 * by every field of the kind. A row of the table below is a kind and a label.
 */
const DATE = { type: 'date' } as const
/** Amounts, units and visits: never negative, at most `MAX_AMOUNT`. */
const AMOUNT = { type: 'number', range: { min: 0, max: MAX_AMOUNT } } as const
/** Keys and scores: whole numbers the service stores in 32 bits, never negative. */
const WHOLE = { type: 'integer', range: { min: 0, max: 2_147_483_647 } } as const
/** A NOT NULL yes or no, false unless set. */
const REQUIRED_BOOLEAN = { type: 'boolean', required: true, default: false } as const
const USER_ID = { type: 'text', max: TEXT_SIZE.user, person: true } as const
const CODE = { type: 'text', max: TEXT_SIZE.code } as const
const TERM = { type: 'text', max: TEXT_SIZE.term } as const
const NAME = { type: 'text', max: TEXT_SIZE.name } as const
const FLAG = { type: 'text', max: TEXT_SIZE.flag } as const
const NOTE = { type: 'text', max: TEXT_SIZE.note } as const
/** Who entered, changed or approved the auth, and when: the service writes them itself. */
const STAMPED_USER = { ...USER_ID, stamped: true } as const
const STAMPED_DATE = { ...DATE, stamped: true } as const

/** The fields, in the order the service's documentation lists them. */
export const AUTH_FIELDS = {
  auth_Number: { type: 'text', max: 30, label: 'Auth number' },
  actual_From: { ...DATE, label: 'Actual from' },
  actual_Location: { ...NAME, label: 'Actual location' },
  actual_Thru: { ...DATE, label: 'Actual thru' },
  additional_Visits: { ...AMOUNT, label: 'Additional visits' },
  amount_Actual: { ...AMOUNT, label: 'Actual amount' },
  amount_Approved: { ...AMOUNT, label: 'Approved amount' },
  amount_Denied: { ...AMOUNT, label: 'Denied amount' },
  amount_Requested: { ...AMOUNT, label: 'Requested amount' },
  approved_By: { ...STAMPED_USER, label: 'Approved by' },
  approved_Date: { ...STAMPED_DATE, label: 'Approved on' },
  approved_Frequency: { ...TERM, label: 'Approved frequency' },
  approved_From: { ...DATE, label: 'Approved from' },
  approved_Location: { ...NAME, label: 'Approved location' },
  approved_Thru: { ...DATE, label: 'Approved thru' },
  assigned_User: { ...USER_ID, label: 'Assigned to' },
  audit_Flag: { ...FLAG, label: 'Audit flag' },
  auth_Code: { ...FLAG, label: 'Auth code' },
  auth_Type: { ...TERM, label: 'Auth type' },
  auto_Accident: { ...FLAG, label: 'Auto accident' },
  bodyCode_ID: { ...CODE, label: 'Body code' },
  careManager_Key: { ...WHOLE, label: 'Care manager key' },
  case_Index_Actual: { ...TERM, label: 'Case index (actual)' },
  case_Index_Approved: { ...TERM, label: 'Case index (approved)' },
  case_Index_Denied: { ...TERM, label: 'Case index (denied)' },
  case_Index_Requested: { ...TERM, label: 'Case index (requested)' },
  case_Number: { ...CODE, label: 'Case number' },
  cityCode_ID: { ...CODE, label: 'City code' },
  closed: { ...REQUIRED_BOOLEAN, label: 'Closed' },
  drG_Category: { ...TERM, label: 'DRG category' },
  drG_Code: { ...CODE, label: 'DRG code' },
  daily_Living: { ...WHOLE, label: 'Daily living score' },
  denied_From: { ...DATE, label: 'Denied from' },
  denied_Thru: { ...DATE, label: 'Denied thru' },
  discharge_Date: { ...DATE, label: 'Discharged' },
  entry_Date: { ...STAMPED_DATE, label: 'Entered on' },
  entry_User: { ...STAMPED_USER, label: 'Entered by' },
  federal_ID: { ...CODE, label: 'Provider federal ID' },
  ivR_Flag: { ...FLAG, label: 'IVR flag' },
  injury_Date: { ...DATE, label: 'Injury date' },
  member_Seq: { ...CODE, label: 'Member sequence' },
  monthly_Amount: { ...AMOUNT, label: 'Monthly amount' },
  narrative: { ...NOTE, label: 'Clinical narrative' },
  new_Or_Extended: { ...REQUIRED_BOOLEAN, label: 'Extension of an earlier auth' },
  notes: { ...NOTE, label: 'Notes' },
  ordered_By_ID: { ...CODE, label: 'Ordered by ID' },
  ordered_By_Name: { ...NAME, label: 'Ordered by' },
  other_Coverage_Primary: { ...FLAG, label: 'Other coverage is primary' },
  other_Insurance: { ...NAME, label: 'Other insurance' },
  payee_ID: { ...CODE, label: 'Payee ID' },
  plan_ID: { ...CODE, label: 'Plan' },
  previous_Auth: { ...CODE, label: 'Adjusts auth' },
  previous_Treatment: { ...REQUIRED_BOOLEAN, label: 'Previous treatment' },
  prior_Auth: { ...CODE, label: 'Prior auth' },
  provider_ID: { ...CODE, label: 'Provider ID' },
  radiating_Pain: { ...WHOLE, label: 'Radiating pain score' },
  range_Of_Motion: { ...WHOLE, label: 'Range of motion score' },
  received_Date: { ...DATE, label: 'Received' },
  referred_By_ID: { ...CODE, label: 'Referred by ID' },
  referred_By_Name: { ...NAME, label: 'Referred by' },
  region: { ...TERM, label: 'Region' },
  reinsNotification_Date: { ...DATE, label: 'Reinsurance notified' },
  requested_Frequency: { ...TERM, label: 'Requested frequency' },
  requested_From: { ...DATE, label: 'Requested from' },
  requested_Location: { ...NAME, label: 'Requested location' },
  requested_Thru: { ...DATE, label: 'Requested thru' },
  service_Code: { ...CODE, label: 'Procedure code' },
  service_Type: { ...TERM, label: 'Service type' },
  status: { ...TERM, label: 'Status' },
  subscriber_ID: { ...CODE, label: 'Subscriber ID' },
  tPlan_DownLoaded: { ...REQUIRED_BOOLEAN, label: 'Treatment plan downloaded' },
  tPlan_DownLoaded_Date: { ...DATE, label: 'Treatment plan downloaded on' },
  tPlan_DownLoaded_User: { ...USER_ID, label: 'Treatment plan downloaded by' },
  tPlan_Printed: { ...FLAG, required: true, default: 'N', label: 'Treatment plan printed' },
  tPlan_Printed_Date: { ...DATE, label: 'Treatment plan printed on' },
  total_Actual: { ...AMOUNT, label: 'Actual total' },
  total_Approved: { ...AMOUNT, label: 'Approved total' },
  total_Requested: { ...AMOUNT, label: 'Requested total' },
  total_Unit_Type: { ...TERM, label: 'Total unit type' },
  treatment_Type: { ...TERM, label: 'Treatment type' },
  type_Of_Service: { ...TERM, label: 'Type of service' },
  unit_Type: { ...TERM, label: 'Unit type' },
  units_Actual: { ...AMOUNT, label: 'Actual units' },
  units_Approved: { ...AMOUNT, label: 'Approved units' },
  units_Denied: { ...AMOUNT, label: 'Denied units' },
  units_Requested: { ...AMOUNT, label: 'Requested units' },
  update_Date: { ...STAMPED_DATE, label: 'Updated on' },
  update_User: { ...STAMPED_USER, label: 'Updated by' },
  urgent: { ...REQUIRED_BOOLEAN, label: 'Urgent' },
  visits_Actual: { ...AMOUNT, label: 'Actual visits' },
  visits_Approved: { ...AMOUNT, label: 'Approved visits' },
  visits_Requested: { ...AMOUNT, label: 'Requested visits' },
  visits_To_Date: { ...AMOUNT, label: 'Visits to date' },
  work_Related: { ...FLAG, label: 'Work related' },
} as const satisfies Record<string, AuthFieldSpec>

/** A documented Auth field (the schema is loose, so `keyof Auth` alone is `string`). */
export type AuthKey = keyof typeof AUTH_FIELDS

/** The fields whose spec has the shape `S`: `AuthKeyWhere<{ type: 'text' }>`. */
export type AuthKeyWhere<S> = {
  [K in AuthKey]: (typeof AUTH_FIELDS)[K] extends S ? K : never
}[AuthKey]

// Pure: a bundle that reads no field of the table drops it.
export const AUTH_KEYS = /* @__PURE__ */ Object.keys(AUTH_FIELDS) as AuthKey[]

export const isAuthKey = (name: string): name is AuthKey => Object.hasOwn(AUTH_FIELDS, name)

/** A field's spec, for code that walks the table without knowing which field it holds. */
export const specOf = (field: AuthKey): AuthFieldSpec => AUTH_FIELDS[field]

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
