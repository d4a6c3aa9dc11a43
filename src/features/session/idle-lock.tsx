import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { useSessionController, useSessionStatus } from './session-context'
import type { LockReason } from './session-store'
import { useSecretPrompt } from './use-secret-prompt'
import styles from './session-overlays.module.css'

/** What the lock screen says of why it is there. */
const LOCK_REASONS: Record<LockReason, string> = {
  idle: 'The console locked itself after a period without activity, to keep member data private.',
  manual: 'You locked the console.',
  reopened:
    'This tab was reopened without its session: the console keeps nothing that signs in on disk.',
  ended: 'Your session has ended on the service (signed out elsewhere, or by an administrator).',
}

/**
 * The idle lock screen: all that is left of the signed-in console while locked (the pages,
 * dialogs and cached data are gone, the tokens discarded). Unlocking signs the same user in
 * again and brings back the page they were on; what they had typed is offered as drafts.
 */
export function IdleLock({ onSignOut }: { onSignOut: () => void }) {
  const { locked, lockReason } = useSessionStatus()
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
          {LOCK_REASONS[lockReason ?? 'idle']} Anything you had typed is kept for you.
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
