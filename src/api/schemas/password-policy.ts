import { z } from 'zod'

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
  minimumLength: z.number().int().optional(),
  requireUppercase: z.boolean().optional(),
  requireLowercase: z.boolean().optional(),
  requireNumbers: z.boolean().optional(),
  requireSymbols: z.boolean().optional(),
  temporaryPasswordValidityDays: z.number().int().optional(),
})

/** What a `PUT /password-policy` must satisfy. */
export const passwordPolicyUpdateSchema = passwordPolicySchema.extend({
  minimumLength: z
    .number()
    .int()
    .min(passwordPolicyLimits.minimumLength.min)
    .max(passwordPolicyLimits.minimumLength.max),
  requireUppercase: z.boolean(),
  requireLowercase: z.boolean(),
  requireNumbers: z.boolean(),
  requireSymbols: z.boolean(),
  temporaryPasswordValidityDays: z
    .number()
    .int()
    .min(passwordPolicyLimits.temporaryPasswordValidityDays.min)
    .max(passwordPolicyLimits.temporaryPasswordValidityDays.max),
})

export type PasswordPolicy = z.infer<typeof passwordPolicySchema>
