import { z } from 'zod'
import type { Auth } from '@/api/schemas/auth'
import { authAdjustmentSchema, type AuthAdjustment } from '@/api/schemas/auth-adjustment'
import { MESSAGES } from '../auth-rules'
import { fromDateInputValue, toDateInputValue } from '../date-input'

const dateInput = z
  .string()
  .refine((v) => v.trim() === '' || fromDateInputValue(v) !== null, MESSAGES.notDate)

/** The adjust dialog's inputs; an empty date keeps the original's. */
export const adjustFormSchema = z
  .object({
    approved_From: dateInput,
    approved_Thru: dateInput,
    recalcIBNR: z.boolean(),
    copyProcCodes: z.boolean(),
    copyDiagCodes: z.boolean(),
    procedure_Code: z.string().max(20, 'Use at most 20 characters'),
  })
  .superRefine((values, ctx) => {
    const from = fromDateInputValue(values.approved_From)
    const thru = fromDateInputValue(values.approved_Thru)
    if (from && thru && thru < from)
      ctx.addIssue({
        code: 'custom',
        path: ['approved_Thru'],
        message: 'Must not be before the new approved from date',
      })
  })

export type AdjustFormValues = z.infer<typeof adjustFormSchema>

/** Starts from the auth's approved range, copying its codes. */
export const adjustDefaults = (auth: Auth): AdjustFormValues => ({
  approved_From: toDateInputValue(auth.approved_From),
  approved_Thru: toDateInputValue(auth.approved_Thru),
  recalcIBNR: false,
  copyProcCodes: true,
  copyDiagCodes: true,
  procedure_Code: '',
})

/** The body of `POST /auths/{n}/adjust`, checked against the contract. */
export function toAdjustment(authNumber: string, values: AdjustFormValues): AuthAdjustment {
  return authAdjustmentSchema.parse({
    auth_Number: authNumber,
    approved_From: fromDateInputValue(values.approved_From),
    approved_Thru: fromDateInputValue(values.approved_Thru),
    recalcIBNR: values.recalcIBNR,
    copyProcCodes: values.copyProcCodes,
    copyDiagCodes: values.copyDiagCodes,
    procedure_Code: values.procedure_Code.trim() || null,
  })
}
