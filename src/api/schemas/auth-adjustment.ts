import { z } from './zod'
import { optDate, optText } from './common'

/** Body of `POST /auths/{authNumber}/adjust`. */
export const authAdjustmentSchema = z.looseObject({
  auth_Number: z.string(),
  approved_From: optDate(),
  approved_Thru: optDate(),
  recalcIBNR: z.boolean(),
  copyProcCodes: z.boolean(),
  copyDiagCodes: z.boolean(),
  procedure_Code: optText(),
})

export type AuthAdjustment = z.infer<typeof authAdjustmentSchema>
