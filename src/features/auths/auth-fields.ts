import {
  AUTH_FIELDS,
  AUTH_NUMBER_PATTERN,
  isAuthKey,
  type AuthKey,
} from '@/api/schemas/auth-fields'

/*
 * What the console adds to the contract's auth field table (`src/api/schemas/auth-fields.ts`,
 * each field's type, limits and label): how staff read some fields, and search by auth number.
 */

// The pattern is the contract's; the app's page titles read it from here for now.
export { AUTH_NUMBER_PATTERN }

/** A field's label, or the field name itself for fields the contract does not document. */
export const labelOf = (name: string) => (isAuthKey(name) ? AUTH_FIELDS[name].label : name)

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

/**
 * The auth number a search means, or null: one with a dash or dot and a digit (`25-000005`), or
 * eight digits without the dash, read as the usual `YY-NNNNNN` (`25000005` is `25-000005`). The
 * start of the usual form (`25-`, `25-0004`) is a number still being typed: not one to look up.
 */
export function searchedAuthNumber(text: string): string | null {
  const typed = text.trim()
  if (/^\d{8}$/.test(typed)) return `${typed.slice(0, 2)}-${typed.slice(2)}`
  if (/^\d{2}-\d{0,5}$/.test(typed)) return null
  if (AUTH_NUMBER_PATTERN.test(typed) && /\d/.test(typed) && /[-.]/.test(typed)) return typed
  return null
}
