import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { useSessionController, useSessionStatus } from './session-context'
import { useSecretPrompt } from './use-secret-prompt'
import styles from './session-overlays.module.css'

/**
 * The idle lock: covers the whole console (the page behind is inert and hidden) until the
 * password is given again. Unlocking restores the page exactly as it was.
 */
export function IdleLock({ onSignOut }: { onSignOut: () => void }) {
  const { locked } = useSessionStatus()
  const controller = useSessionController()
  const { session, username, secret, setSecret, error, pending, submit } = useSecretPrompt(
    (credentials) => controller.unlock(credentials),
  )
  if (!locked || !session) return null

  return (
    <div className={styles.lock} role="dialog" aria-modal="true" aria-labelledby="lock-title">
      <form className={styles.lockCard} onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="lock-title" className={styles.lockTitle}>
          Console locked
        </h2>
        <p className={styles.lead}>
          The console locked itself after a period without activity, to keep member data private.
          {username ? ` Enter the password of ${username} to unlock.` : ' Paste a token to unlock.'}
        </p>
        {username ? (
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            error={error ?? undefined}
          />
        ) : (
          <TextAreaField
            label="Token"
            autoFocus
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            error={error ?? undefined}
          />
        )}
        <div className={styles.actions}>
          <Button onClick={onSignOut}>Sign out</Button>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Unlocking…' : 'Unlock'}
          </Button>
        </div>
      </form>
    </div>
  )
}
