import {
  formatDisplayDate,
  formatDisplayDateTime,
  formatMoney,
  formatNumber,
} from '@/lib/format/format'
import { AUTH_FIELDS, isAuthKey, specOf } from '@/api/schemas/auth-fields'
import { YES_NO_FIELDS } from './auth-fields'
import { DATE_TIME_FIELDS } from './auth-groups'

export const EMPTY_VALUE = '—'

const isMoney = (field: string) => field.startsWith('amount_') || field === 'monthly_Amount'

/**
 * A field's value as staff read it, in the display locale: dates in words, flags as Yes/No,
 * numbers grouped, amounts with cents, a user's ID as `person` names them (the directory's
 * "Name (id)").
 */
export function formatAuthValue(
  field: string,
  value: unknown,
  person: (id: string) => string = (id) => id,
): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return isMoney(field) ? formatMoney(value) : formatNumber(value)
  if (typeof value !== 'string') return JSON.stringify(value)
  if (isAuthKey(field) && AUTH_FIELDS[field].type === 'date')
    return DATE_TIME_FIELDS.includes(field)
      ? formatDisplayDateTime(value)
      : formatDisplayDate(value)
  if (isAuthKey(field) && specOf(field).person) return person(value)
  if ((YES_NO_FIELDS as readonly string[]).includes(field) || field === 'tPlan_Printed')
    return value === 'Y' ? 'Yes' : value === 'N' ? 'No' : value
  return value
}
