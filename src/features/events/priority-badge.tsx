import type { StringOption } from '@/api/schemas/static-option'
import { humanizeCode } from './event-fields'
import { importance, isKnownPriority, priorityOrder } from './model/priority'
import styles from './priority-badge.module.css'

export function priorityName(key: string | null | undefined, priorities: readonly StringOption[]) {
  if (!key) return ''
  return priorities.find((p) => p.option_Key === key)?.display?.trim() || humanizeCode(key)
}

const TONES = ['top', 'high', 'mid', 'low'] as const

/** The tone (colour) of a priority by its importance (the model's); unknown ones are neutral. */
export function priorityTone(key: string | null | undefined, priorities: readonly StringOption[]) {
  const order = priorityOrder(priorities)
  if (!isKnownPriority(key, order)) return 'none'
  return TONES[importance(key, order)] ?? 'low'
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
