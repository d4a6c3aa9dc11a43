import { useEffect, useRef } from 'react'
import type { FormProblem } from './form-problem'
import styles from './form-save.module.css'

/** Why the service did not save, above the form and announced; field messages sit on inputs. */
export function FormProblemBox({ problem }: { problem: FormProblem }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' })
  }, [problem])
  return (
    <div ref={ref} className={styles.problem} role="alert">
      <strong>{problem.title}</strong>
      <p>{problem.detail}</p>
      {problem.others.length > 0 && (
        <ul>
          {problem.others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <p className={styles.note}>
        Nothing you typed was lost.
        {problem.marked > 0 && ' Correct the marked fields and save again.'}
        {problem.activityId && (
          <>
            {' '}
            Activity ID <code>{problem.activityId}</code>
          </>
        )}
      </p>
    </div>
  )
}
