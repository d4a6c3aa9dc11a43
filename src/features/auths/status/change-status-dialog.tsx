import { useId, useRef, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Problem } from '@/components/ui/problem'
import { TextAreaField } from '@/components/ui/textarea-field'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toast'
import { useCurrentUser } from '@/lib/app-context'
import { useDecisionClock } from '../clock/use-decision-clock'
import { AuthStatusBadge } from '../detail/auth-status-badge'
import { formatDue, leftText } from '../clock/clock-text'
import { isLate } from '../model/decision-clock'
import { toneOf } from '../model/tone'
import { authKeys, useProcessAuthStatus, useUpdateAuth } from '../queries'
import { parseReportedCodes, rememberReportedCodes, useAuthCodes } from '../auth-codes'
import { AUTH_CODE_PATTERN, useRecentLookups } from '../recent-lookups'
import { approvalDefaults, planDecision, type ApprovalInput } from './decision'
import styles from './status.module.css'

interface ChangeStatusDialogProps {
  auth: Auth
  open: boolean
  onClose: () => void
}

interface DialogProblem {
  title: string
  detail: string
  activityId?: string | undefined
}

/**
 * `POST /auths/{n}/process-status/{code}`, with what the decision needs in the same dialog. The
 * service publishes no list of codes, so the dialog lists the codes the console knows up front,
 * each with the status it sets and what it means: those in `config.json`, those the service named
 * in a refusal, and those seen on auths. Another code can still be typed; a refused one shows the
 * service's explanation, and the codes it names join the list.
 *
 * An approving code asks for the approved range, units or visits and amount (prefilled from the
 * request) and, when it approves less than asked, states what is denied and asks why; a denying
 * code asks for the reason; a decision after its due time asks why it is late. Those are written
 * first (`PUT /auths/{n}`, reasons as lines of the narrative), then the status changes.
 */
export function ChangeStatusDialog({ auth, open, onClose }: ChangeStatusDialogProps) {
  const authNumber = auth.auth_Number ?? ''
  const db = useDatabase()
  const user = useCurrentUser()
  const queryClient = useQueryClient()
  const { codes: seen, rememberCode } = useRecentLookups()
  const codes = useAuthCodes(db, seen)
  const clock = useDecisionClock(auth)
  const current = (auth.auth_Code ?? '').toUpperCase()
  const [choice, setChoice] = useState('')
  const [other, setOther] = useState('')
  const [approval, setApproval] = useState<ApprovalInput>(() => approvalDefaults(auth))
  const [reasons, setReasons] = useState({ denialReason: '', partialReason: '', lateReason: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<DialogProblem | null>(null)
  // The details written for this decision, so a retry after a refused status does not add the
  // reasons to the narrative twice.
  const written = useRef<string | null>(null)
  const change = useProcessAuthStatus()
  const update = useUpdateAuth()
  const formId = useId()
  const name = useId()
  const trimmed = (choice === OTHER ? other : choice).trim().toUpperCase()
  const status = codes.find((c) => c.code === trimmed)?.status ?? null
  const tone = trimmed ? toneOf({ auth_Code: trimmed, status }) : 'other'
  const approving = tone === 'approved'
  const denying = tone === 'denied'
  const late = (approving || denying) && clock !== null && isLate(clock)
  const pending = change.isPending || update.isPending
  const plan = planDecision(
    auth,
    { tone, approval, ...reasons },
    { late, user: user.userId, now: new Date() },
  )

  const edit = (patch: Partial<ApprovalInput>) => {
    setApproval((a) => ({ ...a, ...patch }))
    setProblem(null)
  }
  const say = (key: keyof typeof reasons, text: string) => {
    setReasons((r) => ({ ...r, [key]: text }))
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)))
  }

  const failed = (error: unknown, title?: string) => {
    const refused = error instanceof ApiError && error.status === 400
    const described = describeError(error)
    if (refused) rememberReportedCodes(db, parseReportedCodes(error.message))
    // Shown once, in the dialog, where the user is.
    setProblem({
      title: title ?? (refused ? `The service refused code ${trimmed}` : described.title),
      detail: refused ? error.message : described.message,
      activityId: described.activityId,
    })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!AUTH_CODE_PATTERN.test(trimmed)) {
      setProblem({
        title: 'Choose a code',
        detail: choice === OTHER ? 'Type a code of up to 10 letters or digits.' : 'Pick a code.',
      })
      return
    }
    // Asked again at the moment of deciding: the due time may have passed while it was open.
    const fresh = planDecision(
      auth,
      { tone, approval, ...reasons },
      { late, user: user.userId, now: new Date() },
    )
    setErrors(fresh.errors)
    if (Object.keys(fresh.errors).length > 0) {
      setProblem(null)
      document.getElementById(`${formId}-${Object.keys(fresh.errors)[0]}`)?.focus()
      return
    }
    setProblem(null)
    const key = fresh.patch ? JSON.stringify({ trimmed, ...fresh.patch, narrative: null }) : null
    if (fresh.patch && written.current !== key) {
      try {
        await update.mutateAsync({ authNumber, auth: { ...auth, ...fresh.patch } })
        written.current = key
      } catch (error) {
        if (error instanceof ApiError && error.status === 409)
          void queryClient.invalidateQueries({ queryKey: authKeys.detail(db, authNumber) })
        failed(error, `The decision on auth ${authNumber} was not saved`)
        return
      }
    }
    try {
      const updated = await change.mutateAsync({ authNumber, newAuthCode: trimmed })
      rememberCode(trimmed)
      toast.success(`Auth ${authNumber} is now ${updated.status ?? trimmed}`, {
        description: `Auth code ${updated.auth_Code ?? trimmed}`,
      })
      onClose()
    } catch (error) {
      failed(
        error,
        written.current && !(error instanceof ApiError && error.status === 400)
          ? `The details were saved, but the status of auth ${authNumber} was not changed`
          : undefined,
      )
    }
  }

  const field = (key: string) => ({ id: `${formId}-${key}`, error: errors[key] })
  const partial = approving ? plan.partial : null

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Change the status of auth ${authNumber}`}
      wide={approving}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary" disabled={pending}>
            {pending ? 'Changing…' : 'Change status'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
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
                  setErrors({})
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
                setErrors({})
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

        {late && clock?.kind === 'running' && (
          <p className={styles.late}>
            The decision is late: it was due {formatDue(clock.due)} ({leftText(clock)}).
          </p>
        )}
        {approving && (
          <fieldset className={styles.approval}>
            <legend className={styles.legend}>What is approved</legend>
            <div className={styles.approvalGrid}>
              <TextField
                type="date"
                label="Approved from"
                value={approval.from}
                onChange={(e) => edit({ from: e.target.value })}
                {...field('approved_From')}
              />
              <TextField
                type="date"
                label="Approved thru"
                value={approval.thru}
                onChange={(e) => edit({ thru: e.target.value })}
                {...field('approved_Thru')}
              />
              <TextField
                label="Approved units"
                inputMode="decimal"
                autoComplete="off"
                value={approval.units}
                onChange={(e) => edit({ units: e.target.value })}
                {...field('units_Approved')}
                hint={requestedHint(auth.units_Requested)}
              />
              <TextField
                label="Approved visits"
                inputMode="decimal"
                autoComplete="off"
                value={approval.visits}
                onChange={(e) => edit({ visits: e.target.value })}
                {...field('visits_Approved')}
                hint={requestedHint(auth.visits_Requested)}
              />
              <TextField
                label="Approved amount"
                inputMode="decimal"
                autoComplete="off"
                value={approval.amount}
                onChange={(e) => edit({ amount: e.target.value })}
                {...field('amount_Approved')}
                hint={requestedHint(auth.amount_Requested)}
              />
            </div>
            <p className={styles.hint}>Prefilled from the request; change what is approved.</p>
          </fieldset>
        )}
        {partial && (
          <>
            <p className={styles.partial} aria-live="polite">
              {partial.statement}
            </p>
            <TextAreaField
              label="Reason for the part denied"
              rows={2}
              value={reasons.partialReason}
              onChange={(e) => say('partialReason', e.target.value)}
              {...field('partialReason')}
            />
          </>
        )}
        {denying && (
          <TextAreaField
            label="Reason for the denial"
            hint="Specific to this request: it is kept in the auth’s narrative."
            rows={3}
            value={reasons.denialReason}
            onChange={(e) => say('denialReason', e.target.value)}
            {...field('denialReason')}
          />
        )}
        {late && (
          <TextAreaField
            label="Why is the decision late?"
            rows={2}
            value={reasons.lateReason}
            onChange={(e) => say('lateReason', e.target.value)}
            {...field('lateReason')}
          />
        )}
        {errors.narrative && (
          <Problem compact cause="action" title="The reasons are too long">
            {errors.narrative}
          </Problem>
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

const requestedHint = (n: number | null | undefined) =>
  typeof n === 'number' ? `Requested: ${n}` : undefined

// Not a possible code (codes are letters and digits).
const OTHER = '(other)'
