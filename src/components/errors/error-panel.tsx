import { Button } from '@/components/ui/button'
import { Problem } from '@/components/ui/problem'
import { describeError } from './describe-error'

interface ErrorPanelProps {
  error: unknown
  onRetry?: () => void
  /** `load` (the default) for a read that failed, `action` for the answer to a save or a click. */
  cause?: 'action' | 'load'
}

/** A failure as a page-level problem: what failed, the activity ID with a copy button, a retry. */
export function ErrorPanel({ error, onRetry, cause = 'load' }: ErrorPanelProps) {
  const { title, message, activityId } = describeError(error)
  return (
    <Problem
      heading
      cause={cause}
      title={title}
      activityId={activityId}
      actions={onRetry && <Button onClick={onRetry}>Try again</Button>}
    >
      {message}
    </Problem>
  )
}
