import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { useDirectory } from '@/lib/directory'
import { formatCount } from '@/lib/format/format'
import { paths } from '@/lib/paths'
import { useIndexWorkload } from '../index/use-event-index'
import { useNow } from '../use-now'
import styles from './my-events.module.css'

/**
 * "Another person's queue": type a name (or a user ID) and the browser's own list offers the
 * people by name with their open and overdue counts (the directory and the event index).
 */
export function QueuePicker({ userId, currentUserId }: { userId: string; currentUserId: string }) {
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const navigate = useNavigate()
  const listId = useId()
  const { people, personName } = useDirectory()
  const load = new Map(useIndexWorkload(useNow()).data?.people ?? [])
  const ids = [...new Set([...people.map((p) => p.id), ...load.keys()])].sort((a, b) =>
    personName(a).localeCompare(personName(b)),
  )
  /** The user ID a typed text stands for: an ID, a name, or "Name (id)" as the list offers. */
  const resolve = (text: string) => {
    const typed = text.trim().toLowerCase()
    if (!typed) return null
    return (
      ids.find((id) => id.toLowerCase() === typed) ??
      ids.find((id) => personName(id).toLowerCase() === typed) ??
      ids.find((id) => `${personName(id)} (${id})`.toLowerCase() === typed) ??
      null
    )
  }
  return (
    <form
      className={styles.picker}
      onSubmit={(e) => {
        e.preventDefault()
        const id = resolve(value)
        if (!id) {
          setProblem(value.trim() ? `No one called “${value.trim()}”.` : 'Type a name.')
          return
        }
        setProblem(null)
        navigate(id === currentUserId ? paths.events.mine() : paths.events.mine(id))
        setValue('')
      }}
    >
      <label htmlFor="queue-user" className={styles.pickerLabel}>
        Another person’s queue
      </label>
      <input
        id="queue-user"
        className={styles.pickerInput}
        placeholder="Name or user ID"
        autoComplete="off"
        list={listId}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${listId}-problem` : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      <datalist id={listId}>
        {ids.map((id) => {
          const l = load.get(id)
          return (
            <option key={id} value={`${personName(id)} (${id})`}>
              {l
                ? `${formatCount(l.open)} open, ${formatCount(l.overdue)} overdue`
                : 'no open work'}
            </option>
          )
        })}
      </datalist>
      <Button type="submit" size="small">
        View
      </Button>
      {problem && (
        <span id={`${listId}-problem`} role="alert" className={styles.pickerProblem}>
          {problem}
        </span>
      )}
      {userId !== currentUserId && (
        <Button
          type="button"
          size="small"
          variant="ghost"
          onClick={() => navigate(paths.events.mine())}
        >
          Back to mine
        </Button>
      )}
    </form>
  )
}
