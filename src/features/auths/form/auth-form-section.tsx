import type { ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { AuthKey } from '@/api/schemas/auth-fields'
import { AuthFormField } from './auth-form-field'
import type { AuthFormValues } from './auth-form-values'
import styles from './auth-form.module.css'

interface AuthFormSectionProps {
  title: string
  fields: readonly AuthKey[]
  form: UseFormReturn<AuthFormValues>
  /** Hints and value lists for particular fields. */
  extras?: Partial<Record<AuthKey, { hint?: string; list?: string }>>
  children?: ReactNode
}

/** A group of the form, as staff think of the fields. */
export function AuthFormSection({ title, fields, form, extras, children }: AuthFormSectionProps) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{title}</legend>
      <div className={styles.grid}>
        {fields.map((field) => (
          <AuthFormField key={field} field={field} form={form} {...extras?.[field]} />
        ))}
      </div>
      {children}
    </fieldset>
  )
}
