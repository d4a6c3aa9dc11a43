import type { StringOption } from '@/api/schemas/static-option'
import { Button } from '@/components/ui/button'
import { useDirectory } from '@/lib/directory'
import type { FilterChoices } from './calendar-filters'
import { FilterSelect as Select } from './filter-select'
import { ANYONE, type CalendarSearch } from './calendar-search'
import styles from './calendar-filter-bar.module.css'

const ANY = ''

interface CalendarFilterBarProps {
  search: CalendarSearch
  me: string
  choices: FilterChoices
  priorities: readonly StringOption[]
  activeCount: number
  onChange: (change: Partial<CalendarSearch>) => void
  onReset: () => void
}

/** The filters (assigned user, group, priority, status, completed) and where events go. */
export function CalendarFilterBar(props: CalendarFilterBarProps) {
  const { search, me, choices, priorities, activeCount, onChange, onReset } = props
  const { personLabel, personName, groupName } = useDirectory()
  return (
    <div className={styles.bar} role="group" aria-label="Filters">
      <Select
        label="Assigned user"
        value={search.user ?? ANYONE}
        onChange={(v) => onChange({ user: v === ANYONE ? null : v })}
      >
        <option value={me}>Me ({personName(me)})</option>
        <option value={ANYONE}>Anyone</option>
        {choices.users
          .filter((u) => u !== me)
          .map((u) => (
            <option key={u} value={u}>
              {personLabel(u)}
            </option>
          ))}
      </Select>
      <Select
        label="User group"
        value={search.group === null ? ANY : String(search.group)}
        onChange={(v) => onChange({ group: v === ANY ? null : Number(v) })}
      >
        <option value={ANY}>Any group</option>
        {choices.groups.map((g) => (
          <option key={g} value={String(g)}>
            {groupName(g)}
          </option>
        ))}
      </Select>
      <Select
        label="Priority"
        value={search.priority ?? ANY}
        onChange={(v) => onChange({ priority: v || null })}
      >
        <option value={ANY}>Any priority</option>
        {priorities.map((p) => (
          <option key={p.option_Key} value={p.option_Key}>
            {p.display ?? p.option_Key}
          </option>
        ))}
        {search.priority && !priorities.some((p) => p.option_Key === search.priority) && (
          <option value={search.priority}>{search.priority}</option>
        )}
      </Select>
      <Select
        label="Status"
        value={search.status ?? ANY}
        onChange={(v) => onChange({ status: v || null })}
      >
        <option value={ANY}>Any status</option>
        {choices.statuses.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={search.showCompleted}
          onChange={(e) => onChange({ showCompleted: e.target.checked })}
        />
        Show completed
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          role="switch"
          checked={search.place === 'reminder'}
          onChange={(e) => onChange({ place: e.target.checked ? 'reminder' : 'dates' })}
        />
        Place by next reminder
      </label>
      {activeCount > 0 && (
        <Button size="small" variant="ghost" onClick={onReset}>
          Reset filters ({activeCount})
        </Button>
      )}
    </div>
  )
}
