import { useFormContext, type FieldArrayWithId } from 'react-hook-form'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { TextField } from '@/components/ui/text-field'
import { formatPolicyValue, humanizeFieldName } from './policy-fields'
import type { PolicyFormValues } from './policy-form-schema'
import styles from './policy-fieldset.module.css'

interface ExtraPolicyFieldsProps {
  fields: FieldArrayWithId<PolicyFormValues, 'extras', 'fieldId'>[]
  /** Fields that are not a switch, number or text: shown, and sent back as they came. */
  readOnly: [string, unknown][]
}

/**
 * Every other field the service returned, editable by its type (a switch for true/false, a
 * number field for numbers, a text field for text), so none is ever dropped.
 */
export function ExtraPolicyFields({ fields, readOnly }: ExtraPolicyFieldsProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PolicyFormValues>()
  if (fields.length === 0 && readOnly.length === 0) return null
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Other settings</legend>
      <p className={styles.intro}>
        More settings of the identity provider, shown as the service returns them and saved with the
        policy.
      </p>
      <div className={styles.grid}>
        {fields.map((field, index) => {
          const label = humanizeFieldName(field.key)
          const error = errors.extras?.[index]?.value?.message
          const path = `extras.${index}.value` as const
          if (field.kind === 'boolean')
            return (
              <CheckboxField
                key={field.fieldId}
                role="switch"
                label={label}
                error={error}
                {...register(path)}
              />
            )
          if (field.kind === 'number')
            return (
              <TextField
                key={field.fieldId}
                label={label}
                type="number"
                step={Number.isInteger(field.value) ? 1 : 'any'}
                error={error}
                {...register(path, { valueAsNumber: true })}
              />
            )
          return <TextField key={field.fieldId} label={label} error={error} {...register(path)} />
        })}
      </div>
      {readOnly.length > 0 && (
        <>
          <p className={styles.intro}>Not editable here, and sent back unchanged:</p>
          <dl className={styles.readOnly}>
            {readOnly.map(([key, value]) => (
              <div key={key} className={styles.readOnlyRow}>
                <dt>{humanizeFieldName(key)}</dt>
                <dd>{formatPolicyValue(key, value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </fieldset>
  )
}
