import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { UseFormReturn } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import { authFields, type Auth } from '@/api/schemas/auth'
import { applyProblem, type FormProblem } from '@/components/form-save/form-problem'
import { useSaveAgainstLoaded } from '@/components/form-save/use-save-against-loaded'
import { toast } from '@/components/ui/toast'
import { paths } from '@/lib/paths'
import { labelOf } from '../auth-fields'
import { useCreateAuth, useUpdateAuth, useAuthQueries } from '../queries'
import { authFromForm } from './auth-form-schema'
import { FORM_FIELDS, toFormValues, type AuthFormValues } from './auth-form-values'

/**
 * Saves the form: creates, or updates with the whole Auth against the version the form loaded
 * (`useSaveAgainstLoaded`). A refused save maps the problem onto the inputs.
 */
export function useAuthFormSave(
  form: UseFormReturn<AuthFormValues>,
  base: Auth | undefined,
  onRebase: (latest: Auth) => void,
  draft: { clear: () => void; keep: (values: AuthFormValues) => void },
) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const create = useCreateAuth()
  const update = useUpdateAuth()
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const authNumber = base?.auth_Number ?? ''

  const saved = (auth: Auth) => {
    draft.clear()
    form.reset(form.getValues())
    const n = auth.auth_Number ?? authNumber
    toast.success(base ? `Auth ${n} saved` : `Auth ${n} created`)
    navigate(paths.auths.detail(n))
  }
  const failed = (error: unknown) => {
    const found = applyProblem(error, form.setError, FORM_FIELDS, labelOf)
    if (!base && error instanceof ApiError && error.status === 409)
      form.setError('auth_Number', { type: 'server', message: found.detail })
    setProblem(found)
    toast.error(base ? `Auth ${authNumber} was not saved` : 'The auth was not created', {
      description: found.detail,
    })
  }

  const guard = useSaveAgainstLoaded({
    form,
    base,
    onRebase,
    toValues: toFormValues,
    fetchLatest: () => queryClient.fetchQuery({ ...queries.detail(db, authNumber), staleTime: 0 }),
    send: (auth: Auth) =>
      base ? update.mutateAsync({ authNumber, auth }) : create.mutateAsync(auth),
    onSaved: saved,
    onError: failed,
    keepDraft: draft.keep,
    order: authFields,
  })

  const submit = form.handleSubmit((values) => {
    setProblem(null)
    return guard.save(authFromForm(values, base))
  })

  return {
    submit,
    pending: guard.checking || create.isPending || update.isPending,
    problem,
    conflict: guard.conflict,
    keepMine: guard.keepMine,
    takeTheirs: guard.takeTheirs,
    review: guard.review,
  }
}
