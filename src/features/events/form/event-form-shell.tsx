import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { StringOption } from '@/api/schemas/static-option'
import { FormProblemBox } from '@/components/form-save/form-problem-box'
import type { FormProblem } from '@/components/form-save/form-problem'
import { Button } from '@/components/ui/button'
import { DraftBanner } from '@/components/ui/draft-banner'
import { PageHeader } from '@/components/ui/page-header'
import { EventFormFields } from './event-form-fields'
import type { EventFormValues } from './event-form-schema'
import type { EventFormState } from './use-event-form'
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
      <form className={styles.form} noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
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
    </div>
  )
}
