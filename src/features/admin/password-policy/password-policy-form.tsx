import { useId, useState } from 'react'
import { FormProvider, useFieldArray, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import type { PasswordPolicy } from '@/api/schemas/password-policy'
import { describeError } from '@/components/errors/describe-error'
import { ErrorPanel } from '@/components/errors/error-panel'
import { Button } from '@/components/ui/button'
import { DraftBanner } from '@/components/ui/draft-banner'
import { toast } from '@/components/ui/toast'
import { useFormDraft } from '@/lib/form-draft'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { AdminOnlyNotice } from '../admin-only-notice'
import { useUpdatePasswordPolicy } from '../queries'
import { useFocusAfterClose } from '../use-focus-after-close'
import { ExtraPolicyFields } from './extra-policy-fields'
import { PasswordChecker } from './password-checker'
import { diffPolicies, type PolicyChange } from './policy-diff'
import { PolicyCoreFields } from './policy-core-fields'
import { PolicyDiffDialog } from './policy-diff-dialog'
import {
  formPathOf,
  policyFormSchema,
  readOnlyPolicyFields,
  toFormValues,
  toPolicy,
  type PolicyFormPath,
  type PolicyFormValues,
} from './policy-form-schema'
import styles from './password-policy-form.module.css'

interface Review {
  next: PasswordPolicy
  changes: PolicyChange[]
}

/** The policy as a form: review the changes, confirm, then `PUT` the whole policy. */
export function PasswordPolicyForm({ policy }: { policy: PasswordPolicy }) {
  const db = useDatabase()
  const save = useUpdatePasswordPolicy()
  const form = useForm<PolicyFormValues>({
    resolver: zodResolver(policyFormSchema),
    defaultValues: toFormValues(policy),
  })
  const extras = useFieldArray({ control: form.control, name: 'extras', keyName: 'fieldId' })
  const draft = useFormDraft(`${db}.password-policy`, form)
  const { isDirty } = form.formState
  useUnsavedChanges(isDirty)
  const [review, setReview] = useState<Review | null>(null)
  const [saveError, setSaveError] = useState<unknown>(null)
  const submitId = useId()
  const focusAfterClose = useFocusAfterClose(review !== null)
  const focusSubmit = () => document.getElementById(submitId)?.focus()

  const onValid = (values: PolicyFormValues) => {
    const next = toPolicy(values, policy)
    const changes = diffPolicies(policy, next)
    if (changes.length === 0) {
      toast.info('Nothing to save: the policy is unchanged')
      return
    }
    setReview({ next, changes })
  }

  const confirm = () => {
    if (!review) return
    const values = form.getValues()
    save.mutate(review.next, {
      onSuccess: (saved) => {
        const count = review.changes.length
        focusAfterClose(focusSubmit)
        setReview(null)
        setSaveError(null)
        draft.clear()
        form.reset(toFormValues(saved ?? review.next))
        toast.success('Password policy saved', {
          description: `${count} ${count === 1 ? 'change' : 'changes'} saved.`,
        })
      },
      // The form keeps what was typed; the service's field errors go next to their fields.
      onError: (error) => {
        setReview(null)
        setSaveError(error)
        const placed: PolicyFormPath[] = []
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldErrors())) {
            const path = formPathOf(field, values)
            if (!path) continue
            form.setError(path, { type: 'server', message })
            placed.push(path)
          }
        }
        const [first] = placed
        focusAfterClose(first ? () => form.setFocus(first) : focusSubmit)
        toast.error('Password policy not saved', {
          description:
            placed.length > 0
              ? 'The service refused some values: see the fields marked.'
              : describeError(error).message,
        })
      },
    })
  }

  const readOnly = readOnlyPolicyFields(policy)

  return (
    <div className={styles.layout}>
      <FormProvider {...form}>
        <form
          className={styles.form}
          noValidate
          aria-label="Password policy"
          onSubmit={form.handleSubmit(onValid)}
        >
          {draft.offered && (
            <DraftBanner
              savedAt={draft.offered.savedAt}
              onRestore={draft.restore}
              onDiscard={draft.discard}
            />
          )}
          <PolicyCoreFields />
          <ExtraPolicyFields fields={extras.fields} readOnly={readOnly} />
          {saveError instanceof ApiError && saveError.status === 403 ? (
            // Reading the policy is for everyone signed in; changing it is not.
            <AdminOnlyNotice
              task="change the password policy"
              serviceMessage={saveError.message}
              activityId={saveError.activityId}
            />
          ) : (
            saveError !== null && <ErrorPanel cause="action" error={saveError} />
          )}
          <div className={styles.actionBar}>
            <span className={styles.state} aria-live="polite">
              {isDirty ? 'You have unsaved changes.' : 'No unsaved changes.'}
            </span>
            <Button
              disabled={!isDirty || save.isPending}
              onClick={() => {
                form.reset()
                draft.clear()
                setSaveError(null)
              }}
            >
              Discard changes
            </Button>
            <Button id={submitId} type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Review and save…'}
            </Button>
          </div>
        </form>
      </FormProvider>
      <aside className={styles.side} aria-label="Password checker">
        <PasswordChecker control={form.control} />
      </aside>
      <PolicyDiffDialog
        changes={review?.changes ?? null}
        pending={save.isPending}
        onConfirm={confirm}
        onCancel={() => {
          focusAfterClose(focusSubmit)
          setReview(null)
        }}
      />
    </div>
  )
}
