import type { FormProblem } from './form-problem'
import styles from './form-problem-box.module.css'

/** The problem a save ran into, above the form; field messages sit on their inputs. */
export function FormProblemBox({ problem }: { problem: FormProblem }) {
  return (
    <div className={styles.box} role="alert">
      <strong>{problem.title}.</strong> {problem.detail}
      {problem.others.length > 0 && (
        <ul className={styles.list}>
          {problem.others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {problem.activityId && (
        <div className={styles.meta}>
          Activity ID <code>{problem.activityId}</code>
        </div>
      )}
    </div>
  )
}
