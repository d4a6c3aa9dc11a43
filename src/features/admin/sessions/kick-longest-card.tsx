import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useCurrentUser } from '@/lib/app-context'
import { useKickLongest } from '../queries'
import { useFocusAfterClose } from '../use-focus-after-close'
import {
  outcomeOfFailure,
  outcomeOfSuccess,
  type KickAction,
  type KickOutcome,
} from './kick-outcome'
import { OutcomeCallout } from './outcome-callout'
import { toastOutcome } from './toast-outcome'
import styles from './session-card.module.css'

interface KickLongestCardProps {
  onOutcome: (action: KickAction, outcome: KickOutcome) => void
}

const action: KickAction = { kind: 'longest' }

/** "End the longest session": explains what it does, confirms, then `POST /kick`. */
export function KickLongestCard({ onOutcome }: KickLongestCardProps) {
  const me = useCurrentUser()
  const kick = useKickLongest()
  const [confirming, setConfirming] = useState(false)
  const [outcome, setOutcome] = useState<KickOutcome | null>(null)
  const resultRef = useRef<HTMLDivElement>(null)
  const triggerId = useId()
  const focusAfterClose = useFocusAfterClose(confirming)

  useEffect(() => {
    if (outcome) resultRef.current?.focus()
  }, [outcome])

  const finish = (next: KickOutcome) => {
    setConfirming(false)
    setOutcome(next)
    toastOutcome(next)
    onOutcome(action, next)
  }

  const confirm = () =>
    kick.mutate(undefined, {
      onSuccess: (result) => finish(outcomeOfSuccess(action, result)),
      onError: (error) => finish(outcomeOfFailure(action, error)),
    })

  return (
    <section className={styles.card} aria-labelledby="kick-longest-title">
      <h2 id="kick-longest-title" className={styles.title}>
        End the longest session
      </h2>
      <p className={styles.text}>
        Ends the session of the user, other than you, who has been signed in the longest. Use it to
        free a seat when the limit is reached. That user will have to sign in again; you will see
        who it was.
      </p>
      <div className={styles.actions}>
        <Button
          id={triggerId}
          variant="primary"
          onClick={() => setConfirming(true)}
          disabled={kick.isPending}
        >
          End longest session…
        </Button>
      </div>
      <OutcomeCallout ref={resultRef} outcome={outcome} />

      <ConfirmDialog
        open={confirming}
        title="End the longest session?"
        confirmLabel="End longest session"
        danger
        pending={kick.isPending}
        onConfirm={confirm}
        onCancel={() => {
          focusAfterClose(() => document.getElementById(triggerId)?.focus())
          setConfirming(false)
        }}
      >
        <p>
          The service will end the session of whoever, other than you ({me.name}), has been signed
          in the longest. They will have to sign in again, and anything they have not saved may be
          lost.
        </p>
      </ConfirmDialog>
    </section>
  )
}
