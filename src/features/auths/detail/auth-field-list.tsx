import type { ReactNode } from 'react'
import type { Auth } from '@/api/schemas/auth'
import { useDirectory } from '@/lib/directory'
import { labelOf } from '../auth-fields'
import { EMPTY_VALUE, formatAuthValue } from '../format-value'
import styles from './detail.module.css'

interface AuthFieldListProps {
  id: string
  title: string
  /** Partial for an auth the console cannot fully read (its readable fields only). */
  auth: Partial<Auth>
  fields: readonly string[]
  /** Renders a field's value differently (e.g. a link). */
  render?: (field: string, value: unknown) => ReactNode | undefined
}

/** A titled group of fields as label and value. */
export function AuthFieldList({ id, title, auth, fields, render }: AuthFieldListProps) {
  const headingId = `group-${id}`
  const { personLabel } = useDirectory()
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      <dl className={styles.fields}>
        {fields.map((field) => {
          const value = (auth as Record<string, unknown>)[field]
          const text = formatAuthValue(field, value, personLabel)
          return (
            <div key={field} className={styles.field}>
              <dt>{labelOf(field)}</dt>
              <dd className={text === EMPTY_VALUE ? styles.muted : undefined}>
                {render?.(field, value) ?? text}
              </dd>
            </div>
          )
        })}
      </dl>
    </section>
  )
}
