/** The parts of a policy a sample password can be checked against in the browser. */
export interface PasswordRuleInput {
  minimumLength?: number | undefined
  requireUppercase?: boolean | undefined
  requireLowercase?: boolean | undefined
  requireNumbers?: boolean | undefined
  requireSymbols?: boolean | undefined
}

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'numbers' | 'symbols'

export interface PasswordRuleResult {
  id: PasswordRuleId
  label: string
  passed: boolean
}

const UPPERCASE = /\p{Lu}/u
const LOWERCASE = /\p{Ll}/u
const NUMBER = /\p{Nd}/u
/** Anything that is not a letter, a digit or white space: `! @ # $ % ^ & * ( ) - _ = +`... */
const SYMBOL = /[^\p{L}\p{N}\s]/u

/**
 * Which rules of the policy `password` meets. Only rules the policy has are listed: a length
 * rule when the minimum is a usable whole number, one rule per required kind of character.
 * Length counts characters as people do (an emoji is one), not UTF-16 units.
 */
export function checkPassword(password: string, policy: PasswordRuleInput): PasswordRuleResult[] {
  const rules: PasswordRuleResult[] = []
  const min = policy.minimumLength
  if (typeof min === 'number' && Number.isInteger(min) && min > 0) {
    rules.push({
      id: 'length',
      label: `At least ${min} ${min === 1 ? 'character' : 'characters'}`,
      passed: [...password].length >= min,
    })
  }
  if (policy.requireUppercase)
    rules.push({
      id: 'uppercase',
      label: 'An uppercase letter (A–Z)',
      passed: UPPERCASE.test(password),
    })
  if (policy.requireLowercase)
    rules.push({
      id: 'lowercase',
      label: 'A lowercase letter (a–z)',
      passed: LOWERCASE.test(password),
    })
  if (policy.requireNumbers)
    rules.push({ id: 'numbers', label: 'A number (0–9)', passed: NUMBER.test(password) })
  if (policy.requireSymbols)
    rules.push({
      id: 'symbols',
      label: 'A symbol, such as ! @ # $ %',
      passed: SYMBOL.test(password),
    })
  return rules
}
