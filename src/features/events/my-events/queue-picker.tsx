import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { findPeople, useDirectory } from '@/lib/directory'
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
  const workload = useIndexWorkload(useNow()).data
  const load = new Map(workload?.people ?? [])
  const ids = [...new Set([...people.map((p) => p.id), ...load.keys()])].sort((a, b) =>
    personName(a).localeCompare(personName(b)),
  )
  /** The user IDs a typed text stands for: an ID, a name, "Name (id)", or a first or last name. */
  const resolve = (text: string) => findPeople(text, ids, personName)
  return (
    <form
      className={styles.picker}
      onSubmit={(e) => {
        e.preventDefault()
        const found = resolve(value)
        const id = found.length === 1 ? found[0] : undefined
        if (!id) {
          const typed = value.trim()
          setProblem(
            !typed
              ? 'Type a name.'
              : found.length === 0
                ? `No one called “${typed}”.`
                : `${found.length} people match “${typed}”: ${found
                    .slice(0, 5)
                    .map(personName)
                    .join(', ')}${found.length > 5 ? '…' : ''}. Type more of the name.`,
          )
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
                : workload
                  ? 'no open work'
                  : ''}
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
