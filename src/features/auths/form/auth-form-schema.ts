import { z } from 'zod'
import { fromDateTimeInputValue } from '@/api/dates'
import { authSchema, type Auth } from '@/api/schemas/auth'
import { codeStatusConflict, type AuthCodeInfo } from '../auth-codes'
import { AUTH_NUMBER_PATTERN, REQUIRED_DEFAULTS } from '@/api/schemas/auth-fields'
import { checkAuthRules, MESSAGES } from '../auth-rules'
import { fromDateInputValue } from '../date-input'
import {
  FORM_FIELDS,
  formKindOf,
  toAuthPatch,
  type AuthFormValues,
  type BooleanFormField,
  type TextFormField,
} from './auth-form-values'

const NUMBER = /^\s*\d+(\.\d+)?\s*$/
const WHOLE = /^\s*\d+\s*$/
const blank = (v: string) => v.trim() === ''

const numberInput = (whole: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (blank(v)) return
    if (/^\s*-/.test(v)) ctx.addIssue({ code: 'custom', message: MESSAGES.negative })
    else if (!(whole ? WHOLE : NUMBER).test(v))
      ctx.addIssue({ code: 'custom', message: whole ? MESSAGES.notWhole : MESSAGES.notNumber })
  })

function inputSchema(field: (typeof FORM_FIELDS)[number]): z.ZodType<string | boolean> {
  if (field === 'auth_Number')
    return z
      .string()
      .refine((v) => blank(v) || AUTH_NUMBER_PATTERN.test(v.trim()), MESSAGES.authNumber)
  switch (formKindOf(field)) {
    case 'boolean':
      return z.boolean()
    case 'number':
      return numberInput(false)
    case 'integer':
      return numberInput(true)
    case 'date':
      return z.string().refine((v) => blank(v) || fromDateInputValue(v) !== null, MESSAGES.notDate)
    case 'datetime':
      return z
        .string()
        .refine((v) => blank(v) || fromDateTimeInputValue(v) !== null, MESSAGES.notDate)
    default:
      return z.string()
  }
}

const shape = Object.fromEntries(FORM_FIELDS.map((f) => [f, inputSchema(f)])) as unknown as {
  [K in TextFormField]: z.ZodType<string, string>
} & { [K in BooleanFormField]: z.ZodType<boolean, boolean> }

/**
 * The form's schema: each input on its own (numbers not negative, real dates), then the rules
 * of a whole Auth (ranges in order) on the fields they name.
 */
export const authFormSchema = z.object(shape).superRefine((values, ctx) => {
  for (const [field, message] of Object.entries(checkAuthRules(toAuthPatch(values))))
    ctx.addIssue({ code: 'custom', path: [field], message })
})

/**
 * The form's schema with the codes the console knows: a code and a status that contradict each
 * other (code A, status Denied) are refused on the status, not saved and warned about later.
 */
export const authFormSchemaFor = (codes: readonly AuthCodeInfo[]) =>
  authFormSchema.superRefine((values, ctx) => {
    const conflict = codeStatusConflict(values, codes)
    if (conflict)
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: `${conflict} Set the status to match the code.`,
      })
  })

/**
 * The Auth to send: the loaded one (unknown fields included) with the form's fields over it; for
 * a new auth the NOT NULL fields get their defaults. Checked against the contract.
 */
export function authFromForm(values: AuthFormValues, base?: Auth): Auth {
  const patch = toAuthPatch(values, base)
  if (!base && patch.auth_Number === null) delete patch.auth_Number
  const merged = { ...REQUIRED_DEFAULTS, ...base, ...patch }
  return authSchema.parse(merged)
}
