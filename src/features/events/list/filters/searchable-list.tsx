import { byLocale } from '@/lib/format/format'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import panels from '../toolbar-panels.module.css'
import styles from './filter-bar.module.css'
import type { SearchableFilterProps } from './filter-types'
import { AnyValueButton } from './any-value-button'

const fmt = byLocale((l) => new Intl.NumberFormat(l))

/**
 * The searchable list of a `SearchableFilter`: a search box (a combobox) over a multi-select
 * listbox. Typing narrows it, ↑/↓ move through what is left, Enter (or a click) ticks or unticks.
 */
export default function SearchableList<T extends string | number>({
  title,
  searchLabel,
  chosen,
  choices,
  onChange,
}: Omit<SearchableFilterProps<T>, 'disabled'>) {
  const ids = { input: useId(), list: useId(), hint: useId() }
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const words = text.trim().toLowerCase()
  const shown = words
    ? choices.filter((c) => `${c.label} ${String(c.value)}`.toLowerCase().includes(words))
    : choices
  const current = Math.min(active, shown.length - 1)
  const optionId = (i: number) => `${ids.list}-${i}`
  const toggle = (value: T) =>
    onChange(chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value])

  useEffect(() => {
    if (current >= 0)
      document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1
    if (event.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1)
    else if (event.key === 'ArrowUp') setActive(current <= 0 ? last : current - 1)
    else if (event.key === 'Enter') {
      const option = shown[current]
      if (option) toggle(option.value)
    } else return
    event.preventDefault()
  }

  return (
    <div className={styles.searchable}>
      <label htmlFor={ids.input} className={panels.legend}>
        {searchLabel}
      </label>
      <input
        id={ids.input}
        type="search"
        className={styles.find}
        role="combobox"
        aria-expanded="true"
        aria-controls={ids.list}
        aria-autocomplete="list"
        aria-describedby={ids.hint}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
      />
      <p id={ids.hint} className={styles.none}>
        Type to narrow, ↑ ↓ to move, Enter to tick or untick.
      </p>
      <div
        id={ids.list}
        role="listbox"
        aria-multiselectable="true"
        aria-label={title}
        className={styles.options}
      >
        {shown.map((c, i) => (
          // The keyboard path is the search box above (arrow keys, Enter,
          // aria-activedescendant); the mouse may click an option.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <div
            key={String(c.value)}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={chosen.includes(c.value)}
            className={`${styles.option} ${i === current ? styles.activeOption : ''}`}
            onMouseMove={() => setActive(i)}
            onClick={() => toggle(c.value)}
          >
            <span aria-hidden="true" className={styles.tick}>
              {chosen.includes(c.value) ? '✓' : ''}
            </span>
            <span>{c.label}</span>
            <span className={styles.count}>{fmt().format(c.count ?? 0)}</span>
          </div>
        ))}
      </div>
      {shown.length === 0 && (
        <p className={styles.none}>
          {choices.length === 0 ? 'No values in this database.' : `Nothing matches “${text}”.`}
        </p>
      )}
      <AnyValueButton title={title} chosen={chosen} onClear={() => onChange([])} />
    </div>
  )
}
