import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { describeError } from './describe-error'
import styles from './error-panel.module.css'

interface ErrorPanelProps {
  error: unknown
  onRetry?: () => void
}

/** Shows what failed, the activity ID with a copy button, and a retry. */
export function ErrorPanel({ error, onRetry }: ErrorPanelProps) {
  const { title, message, activityId } = describeError(error)
  const [copied, setCopied] = useState(false)
  return (
    <section className={styles.panel} role="alert" aria-labelledby="error-panel-title">
      <h2 id="error-panel-title" className={styles.title}>
        {title}
      </h2>
      <p className={styles.message}>{message}</p>
      {activityId && (
        <div className={styles.meta}>
          Activity ID <code>{activityId}</code>
          <Button
            size="small"
            variant="ghost"
            onClick={() => {
              void navigator.clipboard?.writeText(activityId).then(() => setCopied(true))
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      )}
      {onRetry && (
        <div className={styles.actions}>
          <Button onClick={onRetry}>Try again</Button>
        </div>
      )}
    </section>
  )
}
