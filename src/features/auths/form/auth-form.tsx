import { useId, useMemo, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useDatabase } from '@/api/api-context'
import { formatDisplayDateTime } from '@/lib/format/format'
import type { Auth } from '@/api/schemas/auth'
import { ConflictDialog } from '@/components/form-save/conflict-dialog'
import { FormProblemBox } from '@/components/form-save/form-problem-box'
import { Button } from '@/components/ui/button'
import { ButtonLink } from '@/components/ui/button-link'
import { DraftBanner } from '@/components/ui/draft-banner'
import { PageHeader } from '@/components/ui/page-header'
import { useFormDraft } from '@/lib/form-draft'
import { useUnsavedChanges } from '@/lib/unsaved-changes'
import { useAuthCodes } from '../auth-codes'
import { labelOf } from '../auth-fields'
import { AUTH_GROUPS } from '../auth-groups'
import { formatAuthValue } from '../format-value'
import { paths } from '@/lib/paths'
import { useRecentLookups } from '../recent-lookups'
import { AuthFormRanges } from './auth-form-ranges'
import { authFormSchemaFor } from './auth-form-schema'
import { AuthFormSection } from './auth-form-section'
import { toFormValues, type AuthFormValues } from './auth-form-values'
import { useAuthFormSave } from './use-auth-form-save'
import styles from './auth-form.module.css'
import { useDirectory } from '@/lib/directory'

const [statusGroup, peopleGroup, clinicalGroup, notesGroup] = AUTH_GROUPS

/**
 * Create or edit an auth. Mounted with the loaded auth (or none for a new one) so its defaults
 * are the auth as loaded; edits send that auth back whole with the form's fields over it.
 */
export function AuthForm({ auth }: { auth?: Auth }) {
  const db = useDatabase()
  const { personLabel } = useDirectory()
  const codesId = useId()
  const { codes: seen } = useRecentLookups()
  const codes = useAuthCodes(db, seen)
  const [base, setBase] = useState(auth)
  const authNumber = base?.auth_Number ?? ''
  // The codes the console knows, for refusing a code and status that contradict each other.
  const resolver = useMemo(() => zodResolver(authFormSchemaFor(codes)), [codes])
  const form = useForm<AuthFormValues>({
    resolver,
    defaultValues: toFormValues(auth),
    mode: 'onTouched',
  })
  const draft = useFormDraft(base ? `${db}.auth.${authNumber}` : `${db}.auth.new`, form)
  useUnsavedChanges(form.formState.isDirty)
  const save = useAuthFormSave(form, base, setBase, draft)
  const cancelTo = base ? paths.auths.detail(authNumber) : paths.auths.lookup()

  const statusFields = base ? statusGroup.fields : (['auth_Number', ...statusGroup.fields] as const)
  return (
    <form className={styles.form} onSubmit={(e) => void save.submit(e)} noValidate>
      <PageHeader
        title={base ? `Edit auth ${authNumber}` : 'New auth'}
        description={
          base
            ? `Last saved by ${base.update_User ? personLabel(base.update_User) : 'unknown'}${
                base.update_Date ? ` on ${formatDisplayDateTime(base.update_Date)}` : ''
              }. Fields not shown here are kept as they are.`
            : `A new authorization in the ${db} database.`
        }
      />
      {draft.offered && (
        <DraftBanner
          savedAt={draft.offered.savedAt}
          onRestore={draft.restore}
          onDiscard={draft.discard}
        />
      )}
      {save.problem && <FormProblemBox problem={save.problem} />}
      <datalist id={codesId}>
        {codes.map((c) => (
          <option key={c.code} value={c.code}>
            {c.status}
          </option>
        ))}
      </datalist>

      <div className={styles.sections}>
        <AuthFormSection
          title={statusGroup.title}
          fields={statusFields}
          form={form}
          extras={{
            auth_Number: { hint: 'Leave empty and the service numbers it.' },
            auth_Code: {
              list: codesId,
              hint: codes
                .filter((c) => c.status)
                .map((c) => `${c.code} ${c.status}`)
                .join(', '),
            },
          }}
        />
        <AuthFormSection title={peopleGroup.title} fields={peopleGroup.fields} form={form} />
        <AuthFormRanges form={form} />
        <AuthFormSection title={clinicalGroup.title} fields={clinicalGroup.fields} form={form} />
        <AuthFormSection title={notesGroup.title} fields={notesGroup.fields} form={form} />
      </div>

      {/* Actions on the left: toasts appear bottom right and must never cover Save. */}
      <div className={styles.footer}>
        <Button type="submit" variant="primary" disabled={save.pending}>
          {save.pending ? 'Saving…' : base ? 'Save auth' : 'Create auth'}
        </Button>
        <ButtonLink to={cancelTo}>Cancel</ButtonLink>
        <span className={styles.footerNote} aria-live="polite">
          {form.formState.isDirty ? 'Unsaved changes' : 'No changes yet'}
        </span>
      </div>

      {save.conflict && (
        <ConflictDialog
          noun="auth"
          latest={save.conflict.latest}
          changes={save.conflict.changes}
          labelOf={labelOf}
          format={(field, value) => formatAuthValue(field, value, personLabel)}
          pending={save.pending}
          onKeepMine={() => void save.keepMine()}
          onTakeTheirs={save.takeTheirs}
          onReview={save.review}
        />
      )}
    </form>
  )
}
