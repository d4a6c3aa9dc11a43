import type { AuthKey } from '@/api/schemas/auth-fields'

/** The fields of an Auth grouped as staff think of them; the detail and the form share it. */
export const AUTH_GROUPS = [
  {
    id: 'status',
    title: 'Status and service',
    fields: [
      'auth_Code',
      'status',
      'auth_Type',
      'service_Type',
      'service_Code',
      'type_Of_Service',
      'treatment_Type',
      'assigned_User',
      'received_Date',
      'prior_Auth',
      'urgent',
      'new_Or_Extended',
      'closed',
    ],
  },
  {
    id: 'people',
    title: 'Member and provider',
    fields: [
      'subscriber_ID',
      'member_Seq',
      'plan_ID',
      'region',
      'provider_ID',
      'payee_ID',
      'federal_ID',
      'ordered_By_Name',
      'ordered_By_ID',
      'referred_By_Name',
      'referred_By_ID',
    ],
  },
  {
    id: 'clinical',
    title: 'Clinical',
    fields: [
      'drG_Code',
      'drG_Category',
      'injury_Date',
      'discharge_Date',
      'previous_Treatment',
      'work_Related',
      'auto_Accident',
      'other_Insurance',
      'other_Coverage_Primary',
      'case_Number',
      'careManager_Key',
      'reinsNotification_Date',
    ],
  },
  { id: 'notes', title: 'Notes', fields: ['notes', 'narrative'] },
] as const satisfies readonly { id: string; title: string; fields: readonly AuthKey[] }[]

/** Who entered and last changed the auth: shown, never edited (the service stamps them). */
export const AUDIT_FIELDS = [
  'entry_User',
  'entry_Date',
  'update_User',
  'update_Date',
  'previous_Auth',
] as const satisfies readonly AuthKey[]

export interface RangeRow {
  id: 'requested' | 'approved' | 'denied' | 'actual'
  title: string
  from: AuthKey
  thru: AuthKey
  units: AuthKey
  visits?: AuthKey
  amount: AuthKey
  total?: AuthKey
  frequency?: AuthKey
  location?: AuthKey
}

/** Requested, approved, denied and actual: dates, units, visits and amounts side by side. */
export const RANGE_ROWS = [
  {
    id: 'requested',
    title: 'Requested',
    from: 'requested_From',
    thru: 'requested_Thru',
    units: 'units_Requested',
    visits: 'visits_Requested',
    amount: 'amount_Requested',
    total: 'total_Requested',
    frequency: 'requested_Frequency',
    location: 'requested_Location',
  },
  {
    id: 'approved',
    title: 'Approved',
    from: 'approved_From',
    thru: 'approved_Thru',
    units: 'units_Approved',
    visits: 'visits_Approved',
    amount: 'amount_Approved',
    total: 'total_Approved',
    frequency: 'approved_Frequency',
    location: 'approved_Location',
  },
  {
    id: 'denied',
    title: 'Denied',
    from: 'denied_From',
    thru: 'denied_Thru',
    units: 'units_Denied',
    amount: 'amount_Denied',
  },
  {
    id: 'actual',
    title: 'Actual',
    from: 'actual_From',
    thru: 'actual_Thru',
    units: 'units_Actual',
    visits: 'visits_Actual',
    amount: 'amount_Actual',
    total: 'total_Actual',
    location: 'actual_Location',
  },
] as const satisfies readonly RangeRow[]

/** The other fields of the ranges section: units, the decision and the running counts. */
export const RANGE_EXTRAS = [
  'unit_Type',
  'total_Unit_Type',
  'approved_By',
  'approved_Date',
  'visits_To_Date',
  'additional_Visits',
  'monthly_Amount',
] as const satisfies readonly AuthKey[]

type RowFields<R> = R extends unknown ? R[Exclude<keyof R, 'id' | 'title'>] : never

/** A field of the ranges section. */
export type RangeField = RowFields<(typeof RANGE_ROWS)[number]> | (typeof RANGE_EXTRAS)[number]

/** A range row's fields, in reading order. */
export const rangeFields = (row: RangeRow): AuthKey[] =>
  [
    row.from,
    row.thru,
    row.units,
    row.visits,
    row.amount,
    row.total,
    row.frequency,
    row.location,
  ].filter((f): f is AuthKey => f !== undefined)

/** Every field of the ranges section, in reading order. */
export const RANGE_FIELDS = [
  ...RANGE_ROWS.flatMap(rangeFields),
  ...RANGE_EXTRAS,
] as readonly AuthKey[] as readonly RangeField[]

/** Fields that carry a time of day as well as a date. */
export const DATE_TIME_FIELDS: readonly AuthKey[] = [
  'received_Date',
  'approved_Date',
  'discharge_Date',
  'entry_Date',
  'update_Date',
  'tPlan_DownLoaded_Date',
  'tPlan_Printed_Date',
]

/** Fields edited as long text. */
export const LONG_TEXT_FIELDS: readonly AuthKey[] = ['notes', 'narrative']
