import { lazy } from 'react'
import type { SortField } from '@/api/events'
import { fieldLabel } from './describe-sort'
import { PopoverPanel } from '../popover-panel'
import type { SortEditorProps } from './sort-editor'

const SortEditor = lazy(() => import('./sort-editor'))
const arrow = (s: SortField) => (s.direction === 'asc' ? '↑' : '↓')

/** "Sort: Due ↓ +1": opens the sort keys. */
export function SortMenu(props: SortEditorProps) {
  const [first] = props.sort
  const more = props.sort.length > 1 ? ` +${props.sort.length - 1}` : ''
  return (
    <PopoverPanel
      label={first ? `Sort: ${fieldLabel(first.field)} ${arrow(first)}${more}` : 'Sort'}
      title="Sort order"
    >
      <SortEditor {...props} />
    </PopoverPanel>
  )
}
