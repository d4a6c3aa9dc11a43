import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { Button } from '@/components/ui/button'
import { paths } from '@/lib/paths'
import { KnownAuthLine } from './known-auth-line'
import { useAuthLookup } from './use-auth-lookup'
import styles from './lookup.module.css'
import { Problem } from '@/components/ui/problem'

interface AuthLookupFormProps {
  onFound: (authNumber: string) => void
  autoFocus?: boolean
  /** Larger field for the lookup page; compact in the shortcut dialog. */
  size?: 'large' | 'medium'
}

/**
 * The "Auth number" search: opens the auth when found (with or without its dash), says so plainly
 * when not; other text is looked for among the auths the console knows of.
 */
export function AuthLookupForm({
  onFound,
  autoFocus = false,
  size = 'medium',
}: AuthLookupFormProps) {
  const db = useDatabase()
  const [value, setValue] = useState('')
  const { outcome, lookUp, reset } = useAuthLookup(onFound)
  const inputId = useId()
  const messageId = `${inputId}-message`
  const pending = outcome.kind === 'pending'
  const hasMessage =
    outcome.kind === 'invalid' || outcome.kind === 'not-found' || outcome.kind === 'failed'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void lookUp(value)
  }

  return (
    <form
      className={`${styles.form} ${size === 'large' ? styles.large : ''}`}
      onSubmit={submit}
      role="search"
      aria-label="Look up an auth"
    >
      <label className={styles.label} htmlFor={inputId}>
        Auth number
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          className={styles.input}
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            if (outcome.kind !== 'idle' && !pending) reset()
          }}
          placeholder="e.g. 26-000123 or 26000123"
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          autoFocus={autoFocus}
          aria-invalid={hasMessage ? true : undefined}
          aria-describedby={hasMessage ? messageId : undefined}
        />
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Looking up…' : 'Look up'}
        </Button>
      </div>
      {/* Each outcome answers the lookup the user just asked for: an alert, announced at once. */}
      <div id={messageId}>
        {outcome.kind === 'invalid' && (
          <Problem compact cause="action" className={styles.problem} title={outcome.message} />
        )}
        {outcome.kind === 'not-found' && (
          <Problem
            compact
            cause="action"
            className={styles.problem}
            title={`No auth ${outcome.authNumber} in the ${db} database.`}
          >
            Check the number and try again.
          </Problem>
        )}
        {outcome.kind === 'matches' && (
          <div className={styles.matches} aria-live="polite">
            <p className={styles.matchesTitle}>
              {outcome.matches.length} auth{outcome.matches.length === 1 ? '' : 's'} the console
              knows of match “{outcome.text}”:
            </p>
            <ul className={styles.matchList}>
              {outcome.matches.slice(0, 20).map((known) => (
                <li key={known.auth.auth_Number}>
                  <Link to={paths.auths.detail(known.auth.auth_Number ?? '')}>
                    {known.auth.auth_Number}
                  </Link>{' '}
                  <KnownAuthLine known={known} />
                </li>
              ))}
            </ul>
            <p className={styles.muted}>
              The service offers no list of all auths: these are the ones read in this session.
            </p>
          </div>
        )}
        {outcome.kind === 'failed' && (
          <Problem
            compact
            cause="action"
            className={styles.problem}
            title={outcome.title}
            activityId={outcome.activityId}
          >
            {outcome.message}
          </Problem>
        )}
      </div>
    </form>
  )
}
