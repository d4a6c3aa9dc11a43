import { Fragment, lazy, memo, useId, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import type { Facets } from '../../index/protocol'
import { humanize } from '../columns/events-columns'
import { PopoverPanel } from '../popover-panel'
import panels from '../toolbar-panels.module.css'
import {
  activeFilterCount,
  type Excludable,
  type ListFilter,
  type ListFilterName,
} from './list-filter'
import styles from './filter-bar.module.css'
import { importanceOf } from '../../model/priority'
import { useCurrentUser } from '@/lib/app-context'
import { SearchableFilter } from './searchable-filter'
import { useDirectory } from '@/lib/directory'
import type { FilterOption, MultiFilterPanelProps } from './filter-types'

/** A filter's checkboxes load when its panel first opens: the list's own bundle stays small. */
const MultiFilterPanel = lazy(() => import('./multi-filter-panel'))

interface FilterBarProps {
  filter: ListFilter
  text: string
  /** Null while the index loads: the controls are shown but not usable. */
  facets: Facets | null
  priorities: readonly { option_Key: string | number; display?: string | null | undefined }[]
  disabled: boolean
  onChange: (next: ListFilter) => void
  onText: (text: string) => void
  /** Leaving the search box: what was typed is kept in the history entry. */
  onTextDone?: () => void
  /** Clear filters: the search text and every filter at once. */
  onClear: () => void
}

/** Every known value, the chosen ones first if the index no longer has them. */
function options<T extends string | number>(
  counts: [T, number][] | undefined,
  chosen: readonly T[],
  label: (value: T) => string,
  order?: (a: T, b: T) => number,
): FilterOption<T>[] {
  const map = new Map(counts ?? [])
  for (const c of chosen) if (!map.has(c)) map.set(c, 0)
  const values = [...map.keys()].sort(order ?? ((a, b) => String(a).localeCompare(String(b))))
  return values.map((value) => ({ value, label: label(value), count: map.get(value) ?? 0 }))
}

function MultiFilter<T extends string | number>({
  title,
  disabled,
  ...props
}: MultiFilterPanelProps<T> & { disabled: boolean }) {
  const { chosen, choices, excluded } = props
  const one =
    chosen.length === 1 ? (choices.find((c) => c.value === chosen[0])?.label ?? chosen[0]) : null
  const label = chosen.length
    ? `${title}: ${excluded ? 'not ' : ''}${one ?? `${chosen.length} chosen`}`
    : title
  return (
    <PopoverPanel label={label} title={`Filter by ${title.toLowerCase()}`} disabled={disabled}>
      <MultiFilterPanel
        title={title}
        {...(props as unknown as Omit<MultiFilterPanelProps<string | number>, 'title'>)}
      />
    </PopoverPanel>
  )
}

/**
 * The list's filters: text, the values in use, due, reminder and completion; all in the URL but
 * the text. Memoised: an answer of the index (new rows, a new total) does not redraw it.
 */
export const FilterBar = memo(function FilterBar({
  filter,
  text,
  facets,
  priorities,
  disabled,
  onChange,
  onText,
  onTextDone,
  onClear,
}: FilterBarProps) {
  const ids = {
    text: useId(),
    due: useId(),
    from: useId(),
    to: useId(),
    done: useId(),
    assignee: useId(),
    updated: useId(),
  }
  const me = useCurrentUser()
  // People and groups by the directory's names, as the rows name them: "Pat" finds Pat Support.
  const { personName, personLabel, groupName } = useDirectory()
  const set = (next: Partial<ListFilter>) => onChange({ ...filter, ...next })
  const exclusion = (field: Excludable) => ({
    excluded: filter.exclude.includes(field),
    onExclude: (excluded: boolean) =>
      set({
        exclude: excluded
          ? [...filter.exclude.filter((f) => f !== field), field]
          : filter.exclude.filter((f) => f !== field),
      }),
  })
  const importance = importanceOf(priorities.map((p) => String(p.option_Key)))
  const priorityLabel = (code: string) =>
    priorities.find((p) => String(p.option_Key) === code)?.display ?? humanize(code)
  const count = activeFilterCount(filter) + (text.trim() ? 1 : 0)

  // One control per filter of `LIST_FILTERS`, in the order shown: a new filter is asked for here.
  const controls: Record<ListFilterName, ReactNode> = {
    status: (
      <MultiFilter
        title="Status"
        chosen={filter.status}
        choices={options(facets?.statuses, filter.status, (v) => v)}
        disabled={disabled}
        onChange={(status) => set({ status })}
        {...exclusion('status')}
      />
    ),
    // "Leave these out", in the panels of status, priority and type.
    not: null,
    priority: (
      <MultiFilter
        title="Priority"
        chosen={filter.priority}
        choices={options(
          facets
            ? [
                ...new Map([
                  ...priorities.map((p) => [String(p.option_Key), 0] as [string, number]),
                  ...facets.priorities,
                ]),
              ]
            : undefined,
          filter.priority,
          priorityLabel,
          // Most important first (the model's `importance`), unknown codes last.
          (a, b) => importance(a) - importance(b),
        )}
        disabled={disabled}
        onChange={(priority) => set({ priority })}
        {...exclusion('priority')}
      />
    ),
    type: (
      <MultiFilter
        title="Type"
        chosen={filter.type}
        choices={options(facets?.types, filter.type, humanize)}
        disabled={disabled}
        onChange={(type) => set({ type })}
        {...exclusion('type')}
      />
    ),
    user: (
      <SearchableFilter
        title="Assigned user"
        searchLabel="Find a user"
        chosen={filter.user}
        choices={options(facets?.users, filter.user, personLabel, (a, b) =>
          personName(a).localeCompare(personName(b)),
        )}
        disabled={disabled}
        onChange={(user) => set({ user })}
      />
    ),
    group: (
      <MultiFilter
        title="User group"
        chosen={filter.group}
        choices={options(facets?.groups, filter.group, groupName, (a, b) => a - b)}
        disabled={disabled}
        onChange={(group) => set({ group })}
      />
    ),
    assignee: (
      <span className={styles.field}>
        <label htmlFor={ids.assignee}>Assigned</label>
        <select
          id={ids.assignee}
          value={filter.assignee}
          disabled={disabled}
          onChange={(e) => set({ assignee: e.target.value as ListFilter['assignee'] })}
        >
          <option value="">To anyone</option>
          <option value="unassigned">To no user</option>
          {/* Only when the token names the user's groups (its `groups` claim). */}
          {me.groups.length > 0 && <option value="my-groups">To one of my groups</option>}
        </select>
      </span>
    ),
    created: (
      <label className={`${panels.check} ${styles.field}`}>
        <input
          type="checkbox"
          checked={filter.createdByMe}
          disabled={disabled}
          onChange={(e) => set({ createdByMe: e.target.checked })}
        />
        Created by me
      </label>
    ),
    updated: (
      <span className={styles.field}>
        <label htmlFor={ids.updated}>Updated since</label>
        <input
          id={ids.updated}
          type="date"
          value={filter.updatedSince}
          disabled={disabled}
          onChange={(e) => set({ updatedSince: e.target.value })}
        />
      </span>
    ),
    due: (
      <>
        <span className={styles.field}>
          <label htmlFor={ids.due}>Due</label>
          <select
            id={ids.due}
            value={filter.due}
            disabled={disabled}
            onChange={(e) => set({ due: e.target.value as ListFilter['due'] })}
          >
            <option value="">Any time</option>
            <option value="overdue">Overdue</option>
            <option value="snoozed">Snoozed</option>
            <option value="today">Today</option>
            <option value="week">This week</option>
            <option value="range">Between dates…</option>
          </select>
        </span>
        {filter.due === 'range' && (
          <>
            <span className={styles.field}>
              <label htmlFor={ids.from}>From</label>
              <input
                id={ids.from}
                type="date"
                value={filter.from}
                disabled={disabled}
                onChange={(e) => set({ from: e.target.value })}
              />
            </span>
            <span className={styles.field}>
              <label htmlFor={ids.to}>To</label>
              <input
                id={ids.to}
                type="date"
                value={filter.to}
                min={filter.from || undefined}
                disabled={disabled}
                onChange={(e) => set({ to: e.target.value })}
              />
            </span>
          </>
        )}
      </>
    ),
    completed: (
      <span className={styles.field}>
        <label htmlFor={ids.done}>Completed</label>
        <select
          id={ids.done}
          value={filter.completed}
          disabled={disabled}
          onChange={(e) => set({ completed: e.target.value as ListFilter['completed'] })}
        >
          <option value="">Either</option>
          <option value="open">Not completed</option>
          <option value="done">Completed</option>
        </select>
      </span>
    ),
    reminder: (
      <label className={`${panels.check} ${styles.field}`}>
        <input
          type="checkbox"
          checked={filter.reminderDue}
          disabled={disabled}
          onChange={(e) => set({ reminderDue: e.target.checked })}
        />
        Reminder due
      </label>
    ),
  }

  return (
    <search className={styles.bar} aria-label="Filter events">
      <label htmlFor={ids.text} className="visually-hidden">
        Search subject or ID
      </label>
      <input
        id={ids.text}
        type="search"
        className={styles.text}
        placeholder="Search subject or ID"
        value={text}
        disabled={disabled}
        maxLength={200}
        autoComplete="off"
        onChange={(e) => onText(e.target.value)}
        onBlur={onTextDone}
      />
      {Object.entries(controls).map(([name, control]) => (
        <Fragment key={name}>{control}</Fragment>
      ))}
      {count > 0 && (
        <Button size="small" variant="ghost" onClick={onClear}>
          Clear filters ({count})
        </Button>
      )}
    </search>
  )
})
