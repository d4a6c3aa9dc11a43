import type { StringOption } from '@/api/schemas/static-option'
import { humanizeCode } from './event-fields'
import styles from './priority-badge.module.css'

/** Rank of a priority from the top of `/priorities` (listed lowest first): 0 is the highest. */
export function priorityRank(key: string | null | undefined, priorities: readonly StringOption[]) {
  const index = priorities.findIndex((p) => p.option_Key === key)
  return index < 0 ? -1 : priorities.length - 1 - index
}

export function priorityName(key: string | null | undefined, priorities: readonly StringOption[]) {
  if (!key) return ''
  return priorities.find((p) => p.option_Key === key)?.display?.trim() || humanizeCode(key)
}

const TONES = ['top', 'high', 'mid', 'low'] as const

/** The tone (colour) of a priority by its rank; unknown priorities are neutral. */
export function priorityTone(key: string | null | undefined, priorities: readonly StringOption[]) {
  const rank = priorityRank(key, priorities)
  return rank < 0 ? 'none' : (TONES[rank] ?? 'low')
}

interface PriorityBadgeProps {
  priority: string | null | undefined
  priorities: readonly StringOption[]
}

/** The priority by its list name, coloured by rank (a dot and the word, never colour alone). */
export function PriorityBadge({ priority, priorities }: PriorityBadgeProps) {
  if (!priority) return null
  return (
    <span className={`${styles.badge} ${styles[priorityTone(priority, priorities)]}`}>
      {priorityName(priority, priorities)}
    </span>
  )
}
