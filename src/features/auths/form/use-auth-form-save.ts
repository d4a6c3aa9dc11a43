import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { UseFormReturn } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { compareServiceDates } from '@/api/dates'
import { ApiError } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { toast } from '@/components/ui/toast'
import { paths } from '@/lib/paths'
import { applyProblem, type FormProblem } from '../form-problem'
import { useCreateAuth, useUpdateAuth, useAuthQueries } from '../queries'
import { authFromForm } from './auth-form-schema'
import { FORM_FIELDS, toFormValues, type AuthFormValues, type FormField } from './auth-form-values'
import { overwriteWithMine, rebaseValues, staleChanges, type StaleChange } from './stale-diff'

interface Stale {
  latest: Auth
  /** What saving over theirs would write. */
  merged: Auth
  changes: StaleChange[]
}

/**
 * Saves the form: creates, or updates with the whole Auth after checking that nobody saved it
 * since the form loaded it (by `update_Date`). A refused save maps the problem onto the inputs.
 */
export function useAuthFormSave(
  form: UseFormReturn<AuthFormValues>,
  base: Auth | undefined,
  onRebase: (latest: Auth) => void,
  clearDraft: () => void,
) {
  const queries = useAuthQueries()
  const db = useDatabase()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const create = useCreateAuth()
  const update = useUpdateAuth()
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const [stale, setStale] = useState<Stale | null>(null)
  const [checking, setChecking] = useState(false)
  const authNumber = base?.auth_Number ?? ''

  const saved = (auth: Auth) => {
    clearDraft()
    form.reset(form.getValues())
    const n = auth.auth_Number ?? authNumber
    toast.success(base ? `Auth ${n} saved` : `Auth ${n} created`)
    navigate(paths.auths.detail(n))
  }
  const failed = (error: unknown) => {
    const found = applyProblem(error, form.setError, FORM_FIELDS)
    if (!base && error instanceof ApiError && error.status === 409)
      form.setError('auth_Number', { type: 'server', message: found.detail })
    setProblem(found)
    toast.error(base ? `Auth ${authNumber} was not saved` : 'The auth was not created', {
      description: found.detail,
    })
  }
  const send = (auth: Auth) => {
    setProblem(null)
    if (base) update.mutate({ authNumber, auth }, { onSuccess: saved, onError: failed })
    else create.mutate(auth, { onSuccess: saved, onError: failed })
  }

  const submit = form.handleSubmit(async (values) => {
    const mine = authFromForm(values, base)
    if (!base) return send(mine)
    setChecking(true)
    try {
      const latest = await queryClient.fetchQuery({
        ...queries.detail(db, authNumber),
        staleTime: 0,
      })
      if (compareServiceDates(latest.update_Date, base.update_Date) > 0) {
        const merged = overwriteWithMine(base, latest, mine)
        setStale({ latest, merged, changes: staleChanges(base, latest, merged) })
      } else send(mine)
    } catch (error) {
      failed(error)
    } finally {
      setChecking(false)
    }
  })

  const overwrite = () => {
    if (!stale) return
    send(stale.merged)
    setStale(null)
  }
  const reload = () => {
    if (!stale || !base) return
    const latestValues = toFormValues(stale.latest)
    const next = rebaseValues(toFormValues(base), latestValues, form.getValues())
    onRebase(stale.latest)
    form.reset(latestValues)
    for (const [field, value] of Object.entries(next))
      if (value !== latestValues[field as FormField])
        form.setValue(field as FormField, value, { shouldDirty: true })
    setStale(null)
    toast.info('Loaded the latest version', {
      description: 'Your other edits are kept. Review them and save again.',
    })
  }

  return {
    submit,
    pending: checking || create.isPending || update.isPending,
    problem,
    stale,
    overwrite,
    reload,
    dismissStale: () => setStale(null),
  }
}
