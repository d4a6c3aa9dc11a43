import { lazy } from 'react'
import { PopoverPanel } from '../popover-panel'
import type { SearchableFilterProps } from './filter-types'

/** The list itself loads when the panel first opens: the list's own bundle stays small. */
const SearchableList = lazy(() => import('./searchable-list'))

/**
 * A filter over many values (the users: dozens of them): a button opening a searchable list.
 * Typing narrows it, ↑/↓ move through what is left, Enter (or a click) ticks or unticks one;
 * the box keeps focus throughout (the list is its `listbox`, multi-select).
 */
export function SearchableFilter<T extends string | number>({
  title,
  disabled,
  ...props
}: SearchableFilterProps<T>) {
  const { chosen, choices } = props
  const label = chosen.length
    ? `${title}: ${chosen.length === 1 ? (choices.find((c) => c.value === chosen[0])?.label ?? chosen[0]) : `${chosen.length} chosen`}`
    : title
  return (
    <PopoverPanel label={label} title={`Filter by ${title.toLowerCase()}`} disabled={disabled}>
      <SearchableList
        title={title}
        {...(props as unknown as Omit<
          SearchableFilterProps<string | number>,
          'title' | 'disabled'
        >)}
      />
    </PopoverPanel>
  )
}
