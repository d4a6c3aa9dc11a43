import { useState } from 'react'
import { useNavigate } from 'react-router'
import { describeError, type DescribedError } from '@/components/errors/describe-error'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toast'
import { paths } from '@/lib/paths'
import { useDeleteAuth } from '../queries'
import { useRecentLookups } from '../recent-lookups'
import styles from './detail.module.css'
import { Problem } from '@/components/ui/problem'

interface DeleteAuthDialogProps {
  authNumber: string
  open: boolean
  onClose: () => void
}

/** Deletes the auth once the user has typed its number. */
export function DeleteAuthDialog({ authNumber, open, onClose }: DeleteAuthDialogProps) {
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<DescribedError | null>(null)
  const deletion = useDeleteAuth()
  const { forgetNumber } = useRecentLookups()
  const navigate = useNavigate()

  const close = () => {
    setTyped('')
    setProblem(null)
    onClose()
  }
  const confirm = () =>
    deletion.mutate(authNumber, {
      onSuccess: () => {
        forgetNumber(authNumber)
        toast.success(`Auth ${authNumber} deleted`)
        navigate(paths.auths.lookup(), { replace: true })
      },
      onError: (error) => {
        const described = describeError(error)
        setProblem(described)
        toast.error(`Auth ${authNumber} was not deleted`, { description: described.message })
      },
    })

  return (
    <ConfirmDialog
      open={open}
      title={`Delete auth ${authNumber}?`}
      confirmLabel="Delete auth"
      danger
      pending={deletion.isPending}
      canConfirm={typed.trim() === authNumber}
      onConfirm={confirm}
      onCancel={close}
    >
      <p className={styles.dialogText}>
        The authorization and its procedure and diagnosis codes are removed for good. This cannot be
        undone.
      </p>
      <TextField
        label={`Type ${authNumber} to confirm`}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        autoFocus
      />
      {problem && (
        <Problem
          compact
          cause="action"
          title={`Auth ${authNumber} was not deleted`}
          activityId={problem.activityId}
        >
          {problem.message}
        </Problem>
      )}
    </ConfirmDialog>
  )
}
