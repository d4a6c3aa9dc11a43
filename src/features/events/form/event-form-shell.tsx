import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { StringOption } from '@/api/schemas/static-option'
import { FormProblemBox } from '@/components/form-save/form-problem-box'
import type { FormProblem } from '@/components/form-save/form-problem'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useCurrentUser } from '@/lib/app-context'
import { isKnownChoice, type Choice } from '@/lib/choices'
import { DraftBanner } from '@/components/ui/draft-banner'
import { PageHeader } from '@/components/ui/page-header'
import { EventFormFields } from './event-form-fields'
import type { EventFormValues } from './event-form-schema'
import type { EventFormState } from './use-event-form'
import { useFormChoices } from './use-event-choices'
import styles from './event-form.module.css'

interface EventFormShellProps {
  state: EventFormState
  title: string
  description?: ReactNode
  submitLabel: string
  pending: boolean
  /** The service's refusal of the last save, if any. */
  problem: FormProblem | null
  cancelTo: string
  priorities: readonly StringOption[]
  onValid: (values: EventFormValues) => void
  children?: ReactNode
}

/** The page around the event fields: heading, draft offer, the service's refusal, Save/Cancel. */
export function EventFormShell({
  state,
  title,
  description,
  submitLabel,
  pending,
  problem,
  cancelTo,
  priorities,
  onValid,
  children,
}: EventFormShellProps) {
  const { form, draft } = state
  const choices = useFormChoices(useCurrentUser().userId)
  // A status or type no event holds and the plan does not name is saved only once confirmed:
  // "Done" beside "Completed" is a typo more often than a new status.
  const [asking, setAsking] = useState<{ values: EventFormValues; fresh: NewValue[] } | null>(null)
  const submit = (values: EventFormValues) => {
    const defaults = form.formState.defaultValues
    const fresh = [
      newValue('status', 'status', values.status, defaults?.status, choices.statuses),
      newValue('event_Type', 'type', values.event_Type, defaults?.event_Type, choices.types),
    ].filter((v): v is NewValue => v !== null)
    if (fresh.length) setAsking({ values, fresh })
    else onValid(values)
  }
  return (
    <div className={styles.page}>
      <PageHeader title={title} description={description} />
      {draft.offered && (
        <DraftBanner
          savedAt={draft.offered.savedAt}
          onRestore={draft.restore}
          onDiscard={draft.discard}
        />
      )}
      <form className={styles.form} noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        {problem && <FormProblemBox problem={problem} />}
        <EventFormFields form={form} priorities={priorities} />
        <div className={styles.footer}>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Saving…' : submitLabel}
          </Button>
          <Link to={cancelTo} className={styles.cancel}>
            Cancel
          </Link>
          {form.formState.isDirty && <span className={styles.dirty}>Unsaved changes</span>}
        </div>
      </form>
      {children}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking?.fresh.length === 1 ? `Add a new ${asking.fresh[0]?.what}?` : 'Add new values?'
        }
        confirmLabel={asking?.fresh.length === 1 ? `Add “${asking.fresh[0]?.value}”` : 'Add them'}
        onConfirm={() => {
          const values = asking?.values
          setAsking(null)
          if (values) onValid(values)
        }}
        onCancel={() => {
          const first = asking?.fresh[0]
          setAsking(null)
          if (first) form.setFocus(first.field)
        }}
      >
        {asking?.fresh.map((v) => (
          <p key={v.field}>
            No event has the {v.what} “{v.value}” yet. Known{' '}
            {v.what === 'status' ? 'statuses' : 'types'}: {v.known.slice(0, 8).join(', ')}
            {v.known.length > 8 ? ', …' : ''}.
          </p>
        ))}
      </ConfirmDialog>
    </div>
  )
}

interface NewValue {
  field: 'status' | 'event_Type'
  what: 'status' | 'type'
  value: string
  known: string[]
}

/** The value when it is new: typed, not what the event had, and none of the known ones. */
function newValue(
  field: NewValue['field'],
  what: NewValue['what'],
  value: string,
  before: string | undefined,
  known: readonly Choice[],
): NewValue | null {
  const typed = value.trim()
  if (!typed || typed === (before ?? '').trim() || known.length === 0) return null
  if (isKnownChoice(typed, known)) return null
  return { field, what, value: typed, known: known.map((c) => c.value) }
}
