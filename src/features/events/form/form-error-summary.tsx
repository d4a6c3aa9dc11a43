import { useEffect, useRef } from 'react'
import { describeError } from '@/components/errors/describe-error'
import styles from './event-form.module.css'

interface FormErrorSummaryProps {
  error: unknown
  /** Messages for fields the form does not show. */
  details: string[]
}

/** Why the service did not save: announced, and what the user typed stays in the form. */
export function FormErrorSummary({ error, details }: FormErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null)
  const { title, message, activityId } = describeError(error)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' })
  }, [error])
  return (
    <div ref={ref} className={styles.summary} role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
      {details.length > 0 && (
        <ul>
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      <p className={styles.summaryNote}>
        Nothing you typed was lost. Correct the marked fields and save again.
        {activityId && <> Activity ID: {activityId}</>}
      </p>
    </div>
  )
}
