import type { PasswordPolicy } from '@/api/schemas/password-policy'
import { formatPolicyValue, modelledPolicyFields, policyFieldLabel } from './policy-fields'

/** One field a save would change, as shown before confirming. */
export interface PolicyChange {
  key: string
  label: string
  before: string
  after: string
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * The fields whose values differ between the saved policy and the one about to be sent: the
 * modelled fields first in their usual order, then any other field in the order the service
 * sent them (fields only in `after` last).
 */
export function diffPolicies(before: PasswordPolicy, after: PasswordPolicy): PolicyChange[] {
  const keys = new Set<string>(modelledPolicyFields)
  for (const key of Object.keys(before)) keys.add(key)
  for (const key of Object.keys(after)) keys.add(key)
  const changes: PolicyChange[] = []
  for (const key of keys) {
    const old = before[key]
    const next = after[key]
    if (sameValue(old, next)) continue
    changes.push({
      key,
      label: policyFieldLabel(key),
      before: formatPolicyValue(key, old),
      after: formatPolicyValue(key, next),
    })
  }
  return changes
}
