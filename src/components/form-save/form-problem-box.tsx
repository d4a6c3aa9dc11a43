import { useEffect, useRef } from 'react'
import { Problem } from '@/components/ui/problem'
import type { FormProblem } from './form-problem'

/** Why the service did not save, above the form and announced; field messages sit on inputs. */
export function FormProblemBox({ problem }: { problem: FormProblem }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' })
  }, [problem])
  return (
    <Problem ref={ref} cause="action" title={problem.title} activityId={problem.activityId}>
      <p>{problem.detail}</p>
      {problem.others.length > 0 && (
        <ul>
          {problem.others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <p>
        Nothing you typed was lost.
        {problem.marked > 0 && ' Correct the marked fields and save again.'}
      </p>
    </Problem>
  )
}
