import { useId, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { Auth } from '@/api/schemas/auth'
import { useDatabase } from '@/api/api-context'
import { FormProblemBox } from '@/components/form-save/form-problem-box'
import { applyProblem, type FormProblem } from '@/components/form-save/form-problem'
import { Button } from '@/components/ui/button'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { Dialog } from '@/components/ui/dialog'
import { DraftBanner } from '@/components/ui/draft-banner'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toast'
import { useFormDraft } from '@/lib/form-draft'
import { paths } from '@/lib/paths'
import { labelOf } from '../auth-fields'
import { periodOf } from '../glance'
import { useAdjustAuth } from '../queries'
import {
  adjustDefaults,
  adjustFormSchema,
  toAdjustment,
  type AdjustFormValues,
} from './adjust-form-schema'
import styles from './adjust.module.css'

interface AdjustAuthDialogProps {
  auth: Auth
  open: boolean
  onClose: () => void
}

/**
 * `POST /auths/{n}/adjust`: a new auth with a new approved range, copying the original's codes
 * as asked; the new auth opens afterwards and links back to the original.
 */
export function AdjustAuthDialog({ auth, open, onClose }: AdjustAuthDialogProps) {
  const authNumber = auth.auth_Number ?? ''
  const formId = useId()
  const navigate = useNavigate()
  const adjust = useAdjustAuth()
  const [problem, setProblem] = useState<FormProblem | null>(null)
  const form = useForm<AdjustFormValues>({
    resolver: zodResolver(adjustFormSchema),
    defaultValues: adjustDefaults(auth),
  })
  const { register, handleSubmit, formState, setError } = form
  const errors = formState.errors
  // Kept if the console locks while the dialog is open; offered when it is opened again.
  const draft = useFormDraft(`${useDatabase()}.auth-adjust.${authNumber}`, form)
  const close = () => {
    draft.clear()
    form.reset(adjustDefaults(auth))
    onClose()
  }

  const submit = handleSubmit((values) => {
    setProblem(null)
    adjust.mutate(
      { authNumber, adjustment: toAdjustment(authNumber, values) },
      {
        onSuccess: (created) => {
          const next = created.auth_Number ?? ''
          toast.success(`Adjustment ${next} created`, { description: `Adjusts auth ${authNumber}` })
          close()
          if (next) navigate(paths.auths.detail(next))
        },
        onError: (error) => {
          const found = applyProblem(error, setError, Object.keys(adjustDefaults(auth)), labelOf)
          setProblem(found)
          toast.error(`Auth ${authNumber} was not adjusted`, { description: found.detail })
        },
      },
    )
  })

  const current = periodOf(auth.approved_From, auth.approved_Thru)
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Adjust auth ${authNumber}`}
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary" disabled={adjust.isPending}>
            {adjust.isPending ? 'Adjusting…' : 'Create adjustment'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.intro}>
          Creates a new auth from this one with the approved range below. This auth stays as it is.
          Approved now: <strong>{current ?? 'no range'}</strong>.
        </p>
        {draft.offered && (
          <DraftBanner
            savedAt={draft.offered.savedAt}
            onRestore={draft.restore}
            onDiscard={draft.discard}
          />
        )}
        {problem && <FormProblemBox problem={problem} />}
        <div className={styles.dates}>
          <TextField
            type="date"
            label="New approved from"
            autoFocus
            error={errors.approved_From?.message}
            {...register('approved_From')}
          />
          <TextField
            type="date"
            label="New approved thru"
            error={errors.approved_Thru?.message}
            {...register('approved_Thru')}
          />
        </div>
        <p className={styles.hint}>Leave a date empty to keep the original’s.</p>
        <CheckboxField
          label="Recalculate the IBNR reserve"
          hint="Re-prices the approved amount at the service’s current unit rate."
          {...register('recalcIBNR')}
        />
        <CheckboxField label="Copy procedure codes" {...register('copyProcCodes')} />
        <CheckboxField
          label="Copy diagnosis codes"
          hint="Without them the DRG is cleared too."
          {...register('copyDiagCodes')}
        />
        <TextField
          label="Procedure code (optional)"
          hint="Becomes the principal procedure of the new auth."
          autoComplete="off"
          error={errors.procedure_Code?.message}
          {...register('procedure_Code')}
        />
      </form>
    </Dialog>
  )
}
