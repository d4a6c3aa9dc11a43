import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { TextAreaField } from '@/components/ui/textarea-field'
import { useSession, useSessionController, useSessionStatus } from './session-context'
import { explainSignInError } from './sign-in-errors'
import styles from './session-overlays.module.css'

/**
 * The idle lock: covers the whole console (the page behind is inert and hidden) until the
 * password is given again. Unlocking restores the page exactly as it was.
 */
export function IdleLock({ onSignOut }: { onSignOut: () => void }) {
  const { locked } = useSessionStatus()
  const session = useSession()
  const controller = useSessionController()
  const [secret, setSecret] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  if (!locked || !session) return null
  const username = session.claims?.sub

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!secret) return setError(username ? 'Enter your password' : 'Paste a new token')
    setPending(true)
    setError(null)
    try {
      await controller.unlock(username ? { password: secret } : { token: secret })
      setSecret('')
    } catch (failure) {
      setError(explainSignInError(failure, session.baseUrl, session.database).message)
    } finally {
      setPending(false)
    }
  }

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
