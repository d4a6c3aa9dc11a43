import { z } from './zod'
import { optDate, optInt, optNum, optText } from './common'
import { AUTH_TEXT_LIMITS, limitedFields, limitedText } from './text-limits'

/**
 * Auth (authorization), fields named as the service's SDK names them. Required are
 * the NOT NULL ones. Loose: unknown fields are kept so an edit never drops them.
 */
export const authSchema = z.looseObject({
  auth_Number: optText(),
  actual_From: optDate(),
  actual_Location: optText(),
  actual_Thru: optDate(),
  additional_Visits: optNum(),
  amount_Actual: optNum(),
  amount_Approved: optNum(),
  amount_Denied: optNum(),
  amount_Requested: optNum(),
  approved_By: optText(),
  approved_Date: optDate(),
  approved_Frequency: optText(),
  approved_From: optDate(),
  approved_Location: optText(),
  approved_Thru: optDate(),
  assigned_User: optText(),
  audit_Flag: optText(),
  auth_Code: optText(),
  auth_Type: optText(),
  auto_Accident: optText(),
  bodyCode_ID: optText(),
  careManager_Key: optInt(),
  case_Index_Actual: optText(),
  case_Index_Approved: optText(),
  case_Index_Denied: optText(),
  case_Index_Requested: optText(),
  case_Number: optText(),
  cityCode_ID: optText(),
  closed: z.boolean(),
  drG_Category: optText(),
  drG_Code: optText(),
  daily_Living: optInt(),
  denied_From: optDate(),
  denied_Thru: optDate(),
  discharge_Date: optDate(),
  entry_Date: optDate(),
  entry_User: optText(),
  federal_ID: optText(),
  ivR_Flag: optText(),
  injury_Date: optDate(),
  member_Seq: optText(),
  monthly_Amount: optNum(),
  narrative: optText(),
  new_Or_Extended: z.boolean(),
  notes: optText(),
  ordered_By_ID: optText(),
  ordered_By_Name: optText(),
  other_Coverage_Primary: optText(),
  other_Insurance: optText(),
  payee_ID: optText(),
  plan_ID: optText(),
  previous_Auth: optText(),
  previous_Treatment: z.boolean(),
  prior_Auth: optText(),
  provider_ID: optText(),
  radiating_Pain: optInt(),
  range_Of_Motion: optInt(),
  received_Date: optDate(),
  referred_By_ID: optText(),
  referred_By_Name: optText(),
  region: optText(),
  reinsNotification_Date: optDate(),
  requested_Frequency: optText(),
  requested_From: optDate(),
  requested_Location: optText(),
  requested_Thru: optDate(),
  service_Code: optText(),
  service_Type: optText(),
  status: optText(),
  subscriber_ID: optText(),
  tPlan_DownLoaded: z.boolean(),
  tPlan_DownLoaded_Date: optDate(),
  tPlan_DownLoaded_User: optText(),
  tPlan_Printed: z.string(),
  tPlan_Printed_Date: optDate(),
  total_Actual: optNum(),
  total_Approved: optNum(),
  total_Requested: optNum(),
  total_Unit_Type: optText(),
  treatment_Type: optText(),
  type_Of_Service: optText(),
  unit_Type: optText(),
  units_Actual: optNum(),
  units_Approved: optNum(),
  units_Denied: optNum(),
  units_Requested: optNum(),
  update_Date: optDate(),
  update_User: optText(),
  urgent: z.boolean(),
  visits_Actual: optNum(),
  visits_Approved: optNum(),
  visits_Requested: optNum(),
  visits_To_Date: optNum(),
  work_Related: optText(),
})

export type Auth = z.infer<typeof authSchema>
export type AuthField = keyof Auth & string
export const authFields = Object.keys(authSchema.shape) as AuthField[]

/**
 * An Auth as a write sends it (create, update, an item of a batch): each text field held to
 * `AUTH_TEXT_LIMITS` (`tPlan_Printed` stays required). Reads use `authSchema`, which takes text
 * of any length.
 */
// Pure: a bundle that does not use it drops it.
export const authWriteSchema = /* @__PURE__ */ z.extend(authSchema, {
  .../* @__PURE__ */ limitedFields(AUTH_TEXT_LIMITS),
  tPlan_Printed: limitedText(AUTH_TEXT_LIMITS.tPlan_Printed),
})
