import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/lib/paths'
import styles from './my-events.module.css'

/** "View another user's queue": goes to My events of the user ID typed. */
export function QueuePicker({ userId, currentUserId }: { userId: string; currentUserId: string }) {
  const [value, setValue] = useState('')
  const navigate = useNavigate()
  return (
    <form
      className={styles.picker}
      onSubmit={(e) => {
        e.preventDefault()
        const id = value.trim()
        if (!id) return
        navigate(id === currentUserId ? paths.events.mine() : paths.events.mine(id))
        setValue('')
      }}
    >
      <label htmlFor="queue-user" className={styles.pickerLabel}>
        View another user's queue
      </label>
      <input
        id="queue-user"
        className={styles.pickerInput}
        placeholder="User ID"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="small">
        View
      </Button>
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
