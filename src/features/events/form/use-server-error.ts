import { useState } from 'react'
import type { UseFormSetError } from 'react-hook-form'
import type { EventFormValues } from './event-form-schema'
import { applyServerErrors } from './server-errors'

/** The last refusal of a save: shown above the form, its field messages next to the fields. */
export function useServerError(setError: UseFormSetError<EventFormValues>) {
  const [state, setState] = useState<{ error: unknown; details: string[] }>({
    error: null,
    details: [],
  })
  return {
    error: state.error,
    details: state.details,
    fail: (error: unknown) => setState({ error, details: applyServerErrors(error, setError) }),
    clear: () => setState({ error: null, details: [] }),
  }
}
