import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '@/api/errors'
import { describeError } from '@/components/errors/describe-error'
import { labelOf } from './auth-fields'

/** A failed save as the form shows it: a title, the detail, and messages no input took. */
export interface FormProblem {
  title: string
  detail: string
  /** Field messages the form has no input for, as "Label: message". */
  others: string[]
  activityId?: string | undefined
}

/**
 * Puts a problem's field messages on the inputs it names (`setError`) and returns what is left
 * to show above the form: the detail and any messages for fields the form does not show.
 */
export function applyProblem<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): FormProblem {
  const described = describeError(error)
  const others: string[] = []
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fieldErrors())) {
      if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message })
      else others.push(`${labelOf(field)}: ${message}`)
    }
  }
  return {
    title: described.title,
    detail: described.message,
    others,
    activityId: described.activityId,
  }
}
