import { z } from './zod'

/** Ranges the identity provider accepts; the sandbox enforces them and the form mirrors them. */
export const passwordPolicyLimits = {
  minimumLength: { min: 6, max: 99 },
  temporaryPasswordValidityDays: { min: 0, max: 365 },
} as const

/**
 * The identity provider's password policy. The six modelled fields are optional on read so a
 * service that omits one still loads; any other field is kept and shown generically.
 */
export const passwordPolicySchema = z.looseObject({
  minimumLength: z.optional(z.int()),
  requireUppercase: z.optional(z.boolean()),
  requireLowercase: z.optional(z.boolean()),
  requireNumbers: z.optional(z.boolean()),
  requireSymbols: z.optional(z.boolean()),
  temporaryPasswordValidityDays: z.optional(z.int()),
})

/** What a `PUT /password-policy` must satisfy. */
const within = ({ min, max }: { min: number; max: number }) => z.int().check(z.gte(min), z.lte(max))

export const passwordPolicyUpdateSchema = z.extend(passwordPolicySchema, {
  minimumLength: within(passwordPolicyLimits.minimumLength),
  requireUppercase: z.boolean(),
  requireLowercase: z.boolean(),
  requireNumbers: z.boolean(),
  requireSymbols: z.boolean(),
  temporaryPasswordValidityDays: within(passwordPolicyLimits.temporaryPasswordValidityDays),
})

export type PasswordPolicy = z.infer<typeof passwordPolicySchema>
