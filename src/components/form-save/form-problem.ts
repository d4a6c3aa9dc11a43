import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '@/api/errors'
import { describeError } from '@/components/errors/describe-error'

/** A refused save as every form shows it: a title, the detail, and messages no input took. */
export interface FormProblem {
  title: string
  detail: string
  /** How many of the problem's field messages sit on the form's inputs. */
  marked: number
  /** Field messages the form has no input for, as "Label: message". */
  others: string[]
  activityId?: string | undefined
}

/**
 * Puts a problem's field messages on the inputs it names (`setError`, focusing the first) and
 * returns what is left to show above the form: the detail, and messages for fields the form
 * does not show, labelled with `labelOf`.
 */
export function applyProblem<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  labelOf: (field: string) => string,
): FormProblem {
  const described = describeError(error)
  const others: string[] = []
  let marked = 0
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fieldErrors())) {
      if (!fields.includes(field)) {
        others.push(`${labelOf(field)}: ${message}`)
        continue
      }
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: marked === 0 })
      marked += 1
    }
  }
  return {
    title: described.title,
    detail: described.message,
    marked,
    others,
    activityId: described.activityId,
  }
}
