import { useId, useState, type ReactNode, type Ref } from 'react'
import { Button } from './button'
import styles from './problem.module.css'

export interface ProblemProps {
  /** What failed, in a few words; it names the block. */
  title: ReactNode
  /** What happened and what the user can do, when the title does not say it all. */
  children?: ReactNode
  /** The service's activity ID, shown with a copy button so support can find the request. */
  activityId?: string | null | undefined
  /** Buttons that act on the problem: Try again, Sign in again… */
  actions?: ReactNode
  /**
   * Why it is on screen, which decides how it is announced:
   * - `action`: the answer to something the user just did (a save, a lookup, a delete, a
   *   submit). `role="alert"`: announced at once, since the user is waiting for that answer.
   * - `load`: found while a page or a section read its data, or by work in the background.
   *   `role="status"`: polite, so it never interrupts what the user is reading; the title still
   *   names the block where it stands.
   */
  cause: 'action' | 'load'
  /** A page-level problem is a heading (level 2) so the page's outline lists it. */
  heading?: boolean
  /** `danger` (the default) for a failure, `warning` for something the user should know. */
  tone?: 'danger' | 'warning'
  /** Smaller, for a dialog, a form row or a status line. */
  compact?: boolean
  /** For a control's `aria-describedby`. */
  id?: string
  className?: string
  ref?: Ref<HTMLDivElement>
}

/**
 * The one block for a problem on a page, in a section or in a dialog: a title, a message, the
 * activity ID, actions. Its ids come from `useId`, so any number of them share a page.
 */
export function Problem({
  title,
  children,
  activityId,
  actions,
  cause,
  heading = false,
  tone = 'danger',
  compact = false,
  id,
  className,
  ref,
}: ProblemProps) {
  const titleId = useId()
  const Title = heading ? 'h2' : 'strong'
  const classes = [styles.problem, styles[tone], compact && styles.compact, className]
    .filter(Boolean)
    .join(' ')
  return (
    <div
      ref={ref}
      id={id}
      className={classes}
      role={cause === 'action' ? 'alert' : 'status'}
      aria-labelledby={titleId}
    >
      <Title id={titleId} className={styles.title}>
        {title}
      </Title>
      {children !== undefined && children !== null && children !== false && (
        <div className={styles.message}>{children}</div>
      )}
      {activityId && <ActivityId id={activityId} />}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  )
}

function ActivityId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <p className={styles.meta}>
      Activity ID <code>{id}</code>
      <Button
        size="small"
        variant="ghost"
        onClick={() => {
          void navigator.clipboard?.writeText(id).then(() => setCopied(true))
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </p>
  )
}
