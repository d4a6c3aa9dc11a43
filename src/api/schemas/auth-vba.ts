import { z } from './zod'
import { authSchema } from './auth'
import { optDate, optInt, optText } from './common'

/** `GET /auths-vba/{authNumber}`: the Auth with member and provider names and counts. */
export const authVbaSchema = z.looseObject({
  provider_Last_Name: optText(),
  provider_First_Name: optText(),
  provider_Org_Name: optText(),
  provider_Entity_ID: optText(),
  provider_Type: optText(),
  payee_Name: optText(),
  member_Last_Name: optText(),
  member_First_Name: optText(),
  member_Birth_Date: optDate(),
  member_VIP_Flag: z.optional(z.boolean()),
  auth_Adjust_Count: optInt(),
  auth_Ref_Count: optInt(),
  authDetail: z.optional(authSchema),
})

export type AuthVba = z.infer<typeof authVbaSchema>
