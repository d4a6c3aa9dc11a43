import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { TextField } from '@/components/ui/text-field'
import { useCurrentUser } from '@/lib/app-context'
import { useKickUser } from '../queries'
import { useFocusAfterClose } from '../use-focus-after-close'
import {
  outcomeOfFailure,
  outcomeOfSuccess,
  type KickAction,
  type KickOutcome,
} from './kick-outcome'
import { kickUserSchema, type KickUserValues } from './kick-user-schema'
import { OutcomeCallout } from './outcome-callout'
import { toastOutcome } from './toast-outcome'
import styles from './session-card.module.css'

interface KickUserCardProps {
  onOutcome: (action: KickAction, outcome: KickOutcome) => void
  /** Given the way to ask from elsewhere (the list of who is signed in) to end a user's
   * session: the card takes their ID and asks to confirm. */
  askRef?: Ref<(userId: string) => void>
}

/** "End a user's session": a user ID, a confirmation naming that user, then `POST /kick/{id}`. */
export function KickUserCard({ onOutcome, askRef }: KickUserCardProps) {
  const me = useCurrentUser()
  const kick = useKickUser()
  const form = useForm<KickUserValues>({
    resolver: zodResolver(kickUserSchema),
    defaultValues: { userId: '' },
  })
  const [target, setTarget] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<KickOutcome | null>(null)
  const resultRef = useRef<HTMLDivElement>(null)
  const triggerId = useId()
  const focusAfterClose = useFocusAfterClose(target !== null)

  useEffect(() => {
    if (outcome) resultRef.current?.focus()
  }, [outcome])

  useImperativeHandle(
    askRef,
    () => (userId: string) => {
      form.setValue('userId', userId)
      setTarget(userId)
    },
    [form],
  )

  const finish = (action: KickAction, next: KickOutcome) => {
    setTarget(null)
    setOutcome(next)
    toastOutcome(next)
    onOutcome(action, next)
  }

  const confirm = () => {
    if (!target) return
    const action: KickAction = { kind: 'user', userId: target }
    kick.mutate(target, {
      onSuccess: (result) => {
        form.reset({ userId: '' })
        finish(action, outcomeOfSuccess(action, result))
      },
      // What was typed stays in the field, to correct and try again.
      onError: (error) => finish(action, outcomeOfFailure(action, error)),
    })
  }

  return (
    <section className={styles.card} aria-labelledby="kick-user-title">
      <h2 id="kick-user-title" className={styles.title}>
        End a user&apos;s session
      </h2>
      <p className={styles.text}>
        Signs one person out everywhere, for example when a laptop is lost or someone leaves. They
        will have to sign in again.
      </p>
      <form
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit((values) => setTarget(values.userId))}
      >
        <TextField
          label="User ID"
          hint="The ID the person signs in with, e.g. jsmith"
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.userId?.message}
          {...form.register('userId')}
        />
        <div className={styles.actions}>
          <Button id={triggerId} type="submit" variant="primary" disabled={kick.isPending}>
            End session…
          </Button>
        </div>
      </form>
      <OutcomeCallout ref={resultRef} outcome={outcome} />

      <ConfirmDialog
        open={target !== null}
        title={`End the session of ${target ?? ''}?`}
        confirmLabel="End session"
        danger
        pending={kick.isPending}
        onConfirm={confirm}
        onCancel={() => {
          focusAfterClose(() => document.getElementById(triggerId)?.focus())
          setTarget(null)
        }}
      >
        <p>
          <strong>{target}</strong> will be signed out of the console and will have to sign in
          again. Anything they have not saved may be lost.
        </p>
        {target === me.userId && (
          <p className={styles.warning}>This is your own user ID: you will be signed out too.</p>
        )}
      </ConfirmDialog>
    </section>
  )
}
