import styles from './events-table.module.css'

/**
 * A subject that wraps between words but not inside a code: short words with a hyphen or a slash
 * ('RF-3769', 'GR-7069', '25-000006') are kept whole, so a wrapped line never ends in 'RF-'.
 * Longer ones may still break (they could be wider than the column).
 */
export function SubjectText({ text }: { text: string }) {
  return text.split(/(\s+)/).map((part, i) =>
    part.length <= 16 && /[-/]/.test(part) ? (
      <span key={i} className={styles.whole}>
        {part}
      </span>
    ) : (
      part
    ),
  )
}
