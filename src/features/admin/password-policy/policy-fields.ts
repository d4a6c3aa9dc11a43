/** The six policy fields the console knows by name, in the order it shows them. */
export const modelledPolicyFields = [
  'minimumLength',
  'requireUppercase',
  'requireLowercase',
  'requireNumbers',
  'requireSymbols',
  'temporaryPasswordValidityDays',
] as const

export type ModelledPolicyField = (typeof modelledPolicyFields)[number]

export const isModelledPolicyField = (key: string): key is ModelledPolicyField =>
  (modelledPolicyFields as readonly string[]).includes(key)

const labels: Record<ModelledPolicyField, string> = {
  minimumLength: 'Minimum length',
  requireUppercase: 'Require an uppercase letter',
  requireLowercase: 'Require a lowercase letter',
  requireNumbers: 'Require a number',
  requireSymbols: 'Require a symbol',
  temporaryPasswordValidityDays: 'Temporary password validity',
}

/** `passwordHistorySize` -> `Password history size`; `max_age_days` -> `Max age days`. */
export function humanizeFieldName(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key
}

/** The label a policy field is shown with. */
export function policyFieldLabel(key: string): string {
  return isModelledPolicyField(key) ? labels[key] : humanizeFieldName(key)
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** A policy value as a person reads it: `12 characters`, `Required`, `7 days`, `Not set`. */
export function formatPolicyValue(key: string, value: unknown): string {
  if (value === undefined) return 'Not set'
  if (value === null) return 'Empty'
  if (typeof value === 'number') {
    if (key === 'minimumLength') return plural(value, 'character', 'characters')
    if (key === 'temporaryPasswordValidityDays') return plural(value, 'day', 'days')
    return String(value)
  }
  if (typeof value === 'boolean') {
    if (isModelledPolicyField(key)) return value ? 'Required' : 'Not required'
    return value ? 'On' : 'Off'
  }
  if (typeof value === 'string') return value === '' ? '(empty)' : value
  return JSON.stringify(value)
}
