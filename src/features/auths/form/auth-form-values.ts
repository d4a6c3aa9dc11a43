import { fromDateTimeInputValue, toDateTimeInputValue } from '@/api/dates'
import type { Auth } from '@/api/schemas/auth'
import { AUTH_FIELDS, type AuthKey } from '@/api/schemas/auth-fields'
import { YES_NO_FIELDS } from '../auth-fields'
import {
  AUTH_GROUPS,
  DATE_TIME_FIELDS,
  LONG_TEXT_FIELDS,
  RANGE_FIELDS,
  type RangeField,
} from '../auth-groups'
import { fromDateInputValue, toDateInputValue } from '../date-input'

/** How the form edits a field. */
export type FormKind =
  'text' | 'longtext' | 'date' | 'datetime' | 'number' | 'integer' | 'boolean' | 'yesno'

type GroupField = (typeof AUTH_GROUPS)[number]['fields'][number]

/** The fields the form edits: every grouped field, the ranges, and the number of a new auth. */
export type FormField = GroupField | 'auth_Number' | RangeField
export type BooleanFormField = 'urgent' | 'new_Or_Extended' | 'closed' | 'previous_Treatment'
export type TextFormField = Exclude<FormField, BooleanFormField>

/** What the inputs hold: text for text, numbers and dates; true or false for checkboxes. */
export type AuthFormValues = Record<TextFormField, string> & Record<BooleanFormField, boolean>

export const FORM_FIELDS: readonly AuthKey[] = [
  'auth_Number',
  ...AUTH_GROUPS.flatMap((g) => g.fields),
  ...RANGE_FIELDS,
]

export function formKindOf(field: AuthKey): FormKind {
  const kind = AUTH_FIELDS[field].type
  if (kind === 'boolean') return 'boolean'
  if (kind === 'date') return DATE_TIME_FIELDS.includes(field) ? 'datetime' : 'date'
  if (kind === 'number' || kind === 'integer') return kind
  if ((YES_NO_FIELDS as readonly string[]).includes(field)) return 'yesno'
  return LONG_TEXT_FIELDS.includes(field) ? 'longtext' : 'text'
}

/** A field's value as its input holds it. */
export function toInputValue(field: AuthKey, value: unknown): string | boolean {
  switch (formKindOf(field)) {
    case 'boolean':
      return value === true
    case 'date':
      return toDateInputValue(typeof value === 'string' ? value : null)
    case 'datetime':
      return toDateTimeInputValue(typeof value === 'string' ? value : null)
    case 'number':
    case 'integer':
      return typeof value === 'number' ? String(value) : ''
    default:
      return typeof value === 'string' ? value : ''
  }
}

/** An input's value as the Auth field (empty inputs become null). */
export function fromInputValue(field: AuthKey, input: string | boolean): unknown {
  const kind = formKindOf(field)
  if (kind === 'boolean') return input === true
  const text = typeof input === 'string' ? input : ''
  if (kind === 'date') return fromDateInputValue(text)
  if (kind === 'datetime') return fromDateTimeInputValue(text)
  if (kind === 'number' || kind === 'integer') return text.trim() === '' ? null : Number(text)
  if (field === 'auth_Number') return text.trim() === '' ? null : text.trim()
  return text === '' ? null : text
}

/** The form's values for an Auth (a new one when none is given). */
export function toFormValues(auth?: Auth): AuthFormValues {
  const values: Record<string, string | boolean> = {}
  for (const field of FORM_FIELDS)
    values[field] = toInputValue(field, (auth as Record<string, unknown> | undefined)?.[field])
  return values as AuthFormValues
}

/**
 * The Auth fields the form holds. A field whose input still shows the loaded value keeps that
 * value exactly (a date with seconds or an offset, a number as it was written), so saving never
 * rewrites what the user did not touch.
 */
export function toAuthPatch(values: AuthFormValues, base?: Auth): Record<string, unknown> {
  const patch: Record<string, unknown> = {}
  const loaded = base as Record<string, unknown> | undefined
  for (const field of FORM_FIELDS) {
    const input = (values as Record<string, string | boolean>)[field]
    if (input === undefined) continue
    if (loaded && Object.hasOwn(loaded, field) && toInputValue(field, loaded[field]) === input)
      patch[field] = loaded[field]
    else patch[field] = fromInputValue(field, input)
  }
  return patch
}
