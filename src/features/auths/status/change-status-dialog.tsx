import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toast'
import { AuthStatusBadge } from '../detail/auth-status-badge'
import { useProcessAuthStatus } from '../queries'
import { AUTH_CODE_PATTERN, useRecentLookups } from '../recent-lookups'
import styles from './status.module.css'

interface ChangeStatusDialogProps {
  auth: Auth
  open: boolean
  onClose: () => void
}

/**
 * `POST /auths/{n}/process-status/{code}`. The service publishes no list of codes, so the user
 * picks one they have seen or used before, or types one; a refused code shows the service's
 * explanation (which names the valid codes).
 */
export function ChangeStatusDialog({ auth, open, onClose }: ChangeStatusDialogProps) {
  const authNumber = auth.auth_Number ?? ''
  const { codes, rememberCode } = useRecentLookups()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<{ title: string; detail: string } | null>(null)
  const change = useProcessAuthStatus()
  const formId = useId()
  const trimmed = code.trim().toUpperCase()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!AUTH_CODE_PATTERN.test(trimmed)) {
      setProblem({ title: 'Choose a code', detail: 'Type a code, or pick one below.' })
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
          setProblem({
            title: refused ? `The service refused code ${trimmed}` : describeError(error).title,
            detail,
          })
          toast.error(`Status of auth ${authNumber} not changed`, { description: detail })
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
        <TextField
          label="New auth code"
          hint="Type a code, or pick one you have seen below."
          value={code}
          onChange={(e) => {
            setCode(e.target.value)
            setProblem(null)
          }}
          autoComplete="off"
          spellCheck={false}
          maxLength={10}
          autoFocus
          error={problem ? problem.title : undefined}
        />
        {problem && <p className={styles.problem}>{problem.detail}</p>}
        {codes.length > 0 && (
          <fieldset className={styles.codes}>
            <legend className={styles.legend}>Codes you have seen</legend>
            <div className={styles.codeList}>
              {codes.map((c) => (
                <button
                  key={c}
                  type="button"
                  className={styles.code}
                  aria-pressed={trimmed === c}
                  aria-label={`Code ${c}`}
                  onClick={() => setCode(c)}
                >
                  {c}
                </button>
              ))}
            </div>
          </fieldset>
        )}
      </form>
    </Dialog>
  )
}
