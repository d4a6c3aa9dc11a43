import { useId } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { useDirectory } from '@/lib/directory'
import { PeopleList } from '@/components/people/people-list'
import { specOf, type AuthKey } from '@/api/schemas/auth-fields'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { SelectField } from '@/components/ui/select-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { TextField } from '@/components/ui/text-field'
import { formKindOf, type AuthFormValues, type FormField } from './auth-form-values'
import styles from './auth-form.module.css'

interface AuthFormFieldProps {
  field: AuthKey
  form: UseFormReturn<AuthFormValues>
  hint?: string
  /** ID of a `<datalist>` offering values. */
  list?: string
}

const YES_NO = [
  { value: '', label: '—' },
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
]

/** One labelled input for an Auth field, chosen by the field's kind. */
export function AuthFormField({ field, form, hint, list }: AuthFormFieldProps) {
  const name = field as FormField
  const { register, formState } = form
  const error = formState.errors[name]?.message
  const spec = specOf(field)
  const label = spec.label
  const kind = formKindOf(field)
  const input = register(name)
  const value = useWatch({ control: form.control, name })
  const max = spec.type === 'text' ? spec.max : undefined
  // A person's field offers the directory's people and keeps a whole name typed as their ID.
  const { userIdOf } = useDirectory()
  const peopleList = useId()
  const person = spec.person === true && kind === 'text'
  // Text is sent as typed: its length against the service's limit, shown as a count.
  const count =
    max !== undefined && typeof value === 'string' ? { length: value.length, max } : undefined

  switch (kind) {
    case 'boolean':
      return (
        <div className={styles.check}>
          <CheckboxField label={label} hint={hint} error={error} {...input} />
        </div>
      )
    case 'yesno': {
      const loaded = formState.defaultValues?.[name]
      const options =
        typeof loaded === 'string' && !YES_NO.some((o) => o.value === loaded)
          ? [...YES_NO, { value: loaded, label: loaded }]
          : YES_NO
      return <SelectField label={label} error={error} options={options} {...input} />
    }
    case 'longtext':
      return (
        <div className={styles.wide}>
          <TextAreaField
            label={label}
            hint={hint}
            error={error}
            count={count}
            rows={4}
            {...input}
          />
        </div>
      )
    case 'date':
    case 'datetime':
      return (
        <TextField
          type={kind === 'date' ? 'date' : 'datetime-local'}
          label={label}
          hint={hint}
          error={error}
          {...input}
        />
      )
    case 'number':
    case 'integer':
      return (
        <TextField
          label={label}
          hint={hint}
          error={error}
          inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
          autoComplete="off"
          {...input}
        />
      )
    default:
      return (
        <>
          <TextField
            label={label}
            hint={hint ?? (person ? 'A name or user ID' : undefined)}
            error={error}
            count={count}
            autoComplete="off"
            list={person ? peopleList : list}
            {...input}
            onBlur={(e) => {
              if (person) {
                const id = userIdOf(e.target.value)
                if (id !== e.target.value.trim())
                  form.setValue(name, id, { shouldDirty: true, shouldValidate: true })
              }
              return input.onBlur(e)
            }}
          />
          {person && <PeopleList id={peopleList} />}
        </>
      )
  }
}
