import { useState, type FormEvent } from 'react'
import type { Reauthentication } from './session-controller'
import { useSession } from './session-context'
import { explainSignInError } from './sign-in-errors'

/**
 * The password (or, for a pasted-token session, a new token) asked for by the re-authentication
 * dialog and the idle lock: its value, the error to show, and the submit handler.
 */
export function useSecretPrompt(action: (credentials: Reauthentication) => Promise<void>) {
  const session = useSession()
  const [secret, setSecret] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const username = session?.claims?.sub

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!session) return
    if (!secret) return setError(username ? 'Enter your password' : 'Paste a new token')
    setPending(true)
    setError(null)
    try {
      await action(username ? { password: secret } : { token: secret })
      setSecret('')
    } catch (failure) {
      setError(
        explainSignInError(
          failure,
          session.baseUrl,
          session.database,
          username ? 'password' : 'token',
        ).message,
      )
    } finally {
      setPending(false)
    }
  }

  return { session, username, secret, setSecret, error, pending, submit }
}
