import { useId } from 'react'
import { byLocale } from '@/lib/format/format'
import panels from '../toolbar-panels.module.css'
import type { MultiFilterPanelProps } from './filter-types'
import styles from './filter-bar.module.css'
import { AnyValueButton } from './any-value-button'

const fmt = byLocale((l) => new Intl.NumberFormat(l))

/** A filter over a few values (types, statuses, priorities, groups): one checkbox each. */
export default function MultiFilterPanel<T extends string | number>({
  title,
  chosen,
  choices,
  onChange,
  excluded = false,
  onExclude,
}: MultiFilterPanelProps<T>) {
  const name = useId()
  return (
    <>
      {onExclude && (
        <fieldset className={`${panels.fieldset} ${styles.mode}`}>
          <legend className="visually-hidden">Chosen {title.toLowerCase()} values</legend>
          <label className={panels.check}>
            <input type="radio" name={name} checked={!excluded} onChange={() => onExclude(false)} />
            Only these
          </label>
          <label className={panels.check}>
            <input type="radio" name={name} checked={excluded} onChange={() => onExclude(true)} />
            All but these
          </label>
        </fieldset>
      )}
      <fieldset className={panels.fieldset}>
        <legend className={panels.legend}>
          {excluded ? `Leave out these ${title.toLowerCase()} values` : title}
        </legend>
        {choices.length === 0 ? (
          <p className={styles.none}>No values in this database.</p>
        ) : (
          <div className={`${panels.checkGrid} ${styles.choices}`}>
            {choices.map((c) => (
              <label key={String(c.value)} className={panels.check}>
                <input
                  type="checkbox"
                  checked={chosen.includes(c.value)}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...chosen, c.value] : chosen.filter((v) => v !== c.value),
                    )
                  }
                />
                <span>{c.label}</span>
                <span className={styles.count}>{fmt().format(c.count ?? 0)}</span>
              </label>
            ))}
          </div>
        )}
        <AnyValueButton title={title} chosen={chosen} onClear={() => onChange([])} />
      </fieldset>
    </>
  )
}
