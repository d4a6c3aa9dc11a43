import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { formatServiceDate } from '@/api/dates'
import { formatDisplayDateTime } from '@/lib/format/format'
import { useSessionController, useSessionStatus } from './session-context'
import { useSecretPrompt } from './use-secret-prompt'
import styles from './session-overlays.module.css'

/**
 * Asks for the password over the current page when the service ended the session (or it is
 * about to expire). The page underneath, its scroll, filters and form inputs stay as they were;
 * the requests that failed are retried once this succeeds.
 */
export function ReauthDialog() {
  const status = useSessionStatus()
  const controller = useSessionController()
  const { session, username, secret, setSecret, error, pending, submit } = useSecretPrompt(
    (credentials) => controller.reauthenticate(credentials),
  )
  const reason = status.reauth?.reason
  if (!reason || !session || status.locked) return null
  const expiresAt = session.claims?.exp
    ? formatDisplayDateTime(formatServiceDate(new Date(session.claims.exp * 1000)))
    : null

  return (
    <Dialog open onClose={() => undefined} dismissable={false} title="Sign in again">
      <p className={styles.lead}>
        {reason === 'expiring'
          ? `Your session expires${expiresAt ? ` at ${expiresAt}` : ' soon'}. Enter your password to stay signed in.`
          : 'Your session has ended on the service (signed out elsewhere, expired, or ended by an administrator). Sign in again to carry on: this page and everything you typed stay as they are, hidden meanwhile.'}
      </p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {username ? (
          <>
            <p className={styles.who}>
              Signed in as <strong>{username}</strong>
            </p>
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              error={error ?? undefined}
            />
          </>
        ) : (
          <TextAreaField
            label="Token"
            autoFocus
            spellCheck={false}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            error={error ?? undefined}
          />
        )}
        <div className={styles.actions}>
          <Button onClick={() => controller.abandon()}>Sign out instead</Button>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Signing in…' : reason === 'expiring' ? 'Stay signed in' : 'Sign in'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
