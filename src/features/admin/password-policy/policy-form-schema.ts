import { z } from 'zod'
import {
  passwordPolicyLimits,
  passwordPolicyUpdateSchema,
  type PasswordPolicy,
} from '@/api/schemas/password-policy'
import { isModelledPolicyField } from './policy-fields'

const wholeNumber = ({ min, max }: { min: number; max: number }) => {
  const message = `Enter a whole number from ${min} to ${max}`
  return z.number({ error: message }).int(message).min(min, message).max(max, message)
}

/** A field the service returned that the console does not know by name, editable by its type. */
const extraFieldSchema = z.discriminatedUnion('kind', [
  z.object({ key: z.string(), kind: z.literal('boolean'), value: z.boolean() }),
  z.object({
    key: z.string(),
    kind: z.literal('number'),
    value: z.number({ error: 'Enter a number' }),
  }),
  z.object({ key: z.string(), kind: z.literal('string'), value: z.string() }),
])

export type ExtraPolicyField = z.infer<typeof extraFieldSchema>

/**
 * The policy form: the contract's update schema with the service's ranges (from
 * `passwordPolicyLimits`) worded for people, plus every other field the service returned.
 */
export const policyFormSchema = z.object({
  minimumLength: wholeNumber(passwordPolicyLimits.minimumLength),
  requireUppercase: passwordPolicyUpdateSchema.shape.requireUppercase,
  requireLowercase: passwordPolicyUpdateSchema.shape.requireLowercase,
  requireNumbers: passwordPolicyUpdateSchema.shape.requireNumbers,
  requireSymbols: passwordPolicyUpdateSchema.shape.requireSymbols,
  temporaryPasswordValidityDays: wholeNumber(passwordPolicyLimits.temporaryPasswordValidityDays),
  extras: z.array(extraFieldSchema),
})

export type PolicyFormValues = z.infer<typeof policyFormSchema>

/** Fields of the policy that are neither modelled nor a boolean, number or text: kept as they are. */
export function readOnlyPolicyFields(policy: PasswordPolicy): [string, unknown][] {
  return Object.entries(policy).filter(
    ([key, value]) => !isModelledPolicyField(key) && toExtraField(key, value) === null,
  )
}

function toExtraField(key: string, value: unknown): ExtraPolicyField | null {
  if (typeof value === 'boolean') return { key, kind: 'boolean', value }
  if (typeof value === 'number') return { key, kind: 'number', value }
  if (typeof value === 'string') return { key, kind: 'string', value }
  return null
}

/** The form's starting values: a missing number is empty (NaN), a missing switch is off. */
export function toFormValues(policy: PasswordPolicy): PolicyFormValues {
  const extras: ExtraPolicyField[] = []
  for (const [key, value] of Object.entries(policy)) {
    if (isModelledPolicyField(key)) continue
    const field = toExtraField(key, value)
    if (field) extras.push(field)
  }
  return {
    minimumLength: policy.minimumLength ?? Number.NaN,
    requireUppercase: policy.requireUppercase ?? false,
    requireLowercase: policy.requireLowercase ?? false,
    requireNumbers: policy.requireNumbers ?? false,
    requireSymbols: policy.requireSymbols ?? false,
    temporaryPasswordValidityDays: policy.temporaryPasswordValidityDays ?? Number.NaN,
    extras,
  }
}

/** The whole policy to send: the loaded one (every field kept) with the form's values over it. */
export function toPolicy(values: PolicyFormValues, original: PasswordPolicy): PasswordPolicy {
  const { extras, ...modelled } = values
  return {
    ...original,
    ...modelled,
    ...Object.fromEntries(extras.map((field) => [field.key, field.value])),
  }
}

export type PolicyFormPath = Exclude<keyof PolicyFormValues, 'extras'> | `extras.${number}.value`

/** Where a field the service names in a 400 lives on the form, or null when it is not there. */
export function formPathOf(serviceField: string, values: PolicyFormValues): PolicyFormPath | null {
  if (isModelledPolicyField(serviceField)) return serviceField
  const index = values.extras.findIndex((field) => field.key === serviceField)
  return index === -1 ? null : `extras.${index}.value`
}
