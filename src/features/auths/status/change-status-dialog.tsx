import { useId, useState, type FormEvent } from 'react'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toast'
import { AuthStatusBadge } from '../detail/auth-status-badge'
import { useProcessAuthStatus } from '../queries'
import { parseReportedCodes, rememberReportedCodes, useAuthCodes } from '../auth-codes'
import { AUTH_CODE_PATTERN, useRecentLookups } from '../recent-lookups'
import styles from './status.module.css'
import { Problem } from '@/components/ui/problem'

interface ChangeStatusDialogProps {
  auth: Auth
  open: boolean
  onClose: () => void
}

/**
 * `POST /auths/{n}/process-status/{code}`. The service publishes no list of codes, so the dialog
 * lists the codes the console knows up front, each with the status it sets and what it means:
 * those in `config.json`, those the service named in a refusal, and those seen on auths. Another
 * code can still be typed; a refused one shows the service's explanation, and the codes it names
 * join the list.
 */
export function ChangeStatusDialog({ auth, open, onClose }: ChangeStatusDialogProps) {
  const authNumber = auth.auth_Number ?? ''
  const db = useDatabase()
  const { codes: seen, rememberCode } = useRecentLookups()
  const codes = useAuthCodes(db, seen)
  const current = (auth.auth_Code ?? '').toUpperCase()
  const [choice, setChoice] = useState('')
  const [other, setOther] = useState('')
  const [problem, setProblem] = useState<{
    title: string
    detail: string
    activityId?: string | undefined
  } | null>(null)
  const change = useProcessAuthStatus()
  const formId = useId()
  const name = useId()
  const trimmed = (choice === OTHER ? other : choice).trim().toUpperCase()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!AUTH_CODE_PATTERN.test(trimmed)) {
      setProblem({
        title: 'Choose a code',
        detail: choice === OTHER ? 'Type a code of up to 10 letters or digits.' : 'Pick a code.',
      })
      return
    }
    setProblem(null)
    change.mutate(
      { authNumber, newAuthCode: trimmed },
      {
        onSuccess: (updated) => {
          rememberCode(trimmed)
          toast.success(`Auth ${authNumber} is now ${updated.status ?? trimmed}`, {
            description: `Auth code ${updated.auth_Code ?? trimmed}`,
          })
          onClose()
        },
        onError: (error) => {
          const refused = error instanceof ApiError && error.status === 400
          const detail = refused ? error.message : describeError(error).message
          if (refused) rememberReportedCodes(db, parseReportedCodes(error.message))
          // Shown once, in the dialog, where the user is.
          setProblem({
            title: refused ? `The service refused code ${trimmed}` : describeError(error).title,
            detail,
            activityId: describeError(error).activityId,
          })
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Change the status of auth ${authNumber}`}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change status'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.current}>
          Now <AuthStatusBadge auth={auth} />
        </p>
        <fieldset
          className={styles.codes}
          aria-describedby={problem ? `${formId}-problem` : undefined}
        >
          <legend className={styles.legend}>New status</legend>
          {codes.map((c, i) => (
            <label key={c.code} className={styles.option}>
              <input
                type="radio"
                name={name}
                value={c.code}
                checked={choice === c.code}
                // The first choice that is not the current code takes focus when the dialog opens.
                autoFocus={c.code !== current && codes.findIndex((x) => x.code !== current) === i}
                onChange={() => {
                  setChoice(c.code)
                  setProblem(null)
                }}
              />
              <span className={styles.optionCode}>{c.code}</span>
              <span>
                <span className={styles.optionStatus}>{c.status || 'Status not known'}</span>
                {c.meaning && <span className={styles.optionMeaning}>: {c.meaning}</span>}
                {c.code === current && <span className={styles.optionMeaning}> (current)</span>}
              </span>
            </label>
          ))}
          <label className={styles.option}>
            <input
              type="radio"
              name={name}
              value={OTHER}
              checked={choice === OTHER}
              onChange={() => {
                setChoice(OTHER)
                setProblem(null)
              }}
            />
            <span className={styles.optionStatus}>Another code</span>
          </label>
        </fieldset>
        {choice === OTHER && (
          <TextField
            label="Code"
            hint="Up to 10 letters or digits, as the service knows it."
            value={other}
            onChange={(e) => {
              setOther(e.target.value)
              setProblem(null)
            }}
            autoComplete="off"
            spellCheck={false}
            maxLength={10}
            autoFocus
          />
        )}
        {problem && (
          <Problem
            compact
            cause="action"
            id={`${formId}-problem`}
            title={problem.title}
            activityId={problem.activityId}
          >
            {problem.detail}
          </Problem>
        )}
      </form>
    </Dialog>
  )
}

// Not a possible code (codes are letters and digits).
const OTHER = '(other)'
