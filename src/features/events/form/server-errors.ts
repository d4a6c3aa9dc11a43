import type { UseFormSetError } from 'react-hook-form'
import { ApiError } from '@/api/errors'
import { fieldLabel } from '../event-fields'
import { eventFormFields, type EventFormField, type EventFormValues } from './event-form-schema'

/**
 * Puts the field messages of a 400 problem next to the fields they name; returns the messages
 * for fields the form does not have (shown in the form's summary instead).
 */
export function applyServerErrors(
  error: unknown,
  setError: UseFormSetError<EventFormValues>,
): string[] {
  if (!(error instanceof ApiError)) return []
  const unmatched: string[] = []
  let first = true
  for (const [field, message] of Object.entries(error.fieldErrors())) {
    if ((eventFormFields as string[]).includes(field)) {
      setError(field as EventFormField, { type: 'server', message }, { shouldFocus: first })
      first = false
    } else unmatched.push(`${fieldLabel(field)}: ${message}`)
  }
  return unmatched
}
