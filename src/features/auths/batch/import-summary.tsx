import { Button } from '@/components/ui/button'
import { formatCount } from '@/lib/format/format'
import type { ParsedImport } from './import-rows'
import styles from './import.module.css'

interface ImportSummaryProps {
  parsed: ParsedImport
  total: number
  counts: { invalid: number; ready: number; saved: number; failed: number }
  progress: string | null
  onSend: () => void
  onStartOver: () => void
}

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`

/** How many rows are ready, need fixing, were saved or failed; and the send button. */
export function ImportSummary(props: ImportSummaryProps) {
  const { parsed, total, counts, progress, onSend, onStartOver } = props
  return (
    <div className={styles.summary}>
      <p className={styles.counts} aria-live="polite">
        <span>
          {parsed.format.toUpperCase()}, {plural(total, 'row')}:
        </span>
        <span className={`${styles.chip} ${styles.ready}`}>{formatCount(counts.ready)} ready</span>
        {counts.invalid > 0 && (
          <span className={`${styles.chip} ${styles.invalid}`}>
            {formatCount(counts.invalid)} with problems
          </span>
        )}
        {counts.saved > 0 && (
          <span className={`${styles.chip} ${styles.saved}`}>
            {formatCount(counts.saved)} saved
          </span>
        )}
        {counts.failed > 0 && (
          <span className={`${styles.chip} ${styles.failed}`}>
            {formatCount(counts.failed)} failed
          </span>
        )}
      </p>
      {parsed.unknownColumns.length > 0 && (
        <p className={styles.warning}>
          The service does not know{' '}
          {parsed.unknownColumns.length === 1 ? 'this column' : 'these columns'} and ignores{' '}
          {parsed.unknownColumns.length === 1 ? 'it' : 'them'}: {parsed.unknownColumns.join(', ')}.
        </p>
      )}
      <p className={styles.muted}>
        A row with the number of an existing auth updates only the fields it gives: columns the file
        leaves out and blank CSV cells keep their values (in JSON, null clears a field). A row
        without a number creates a new auth. Rows with problems are not sent; fix them here or in
        the file.
      </p>
      <div className={styles.summaryActions}>
        <Button
          variant="primary"
          disabled={counts.ready === 0 || progress !== null}
          onClick={onSend}
        >
          {progress ??
            (counts.ready === 0
              ? 'Nothing ready to send'
              : `Send ${plural(counts.ready, 'ready row')}`)}
        </Button>
        <Button onClick={onStartOver} disabled={progress !== null}>
          Start over
        </Button>
      </div>
    </div>
  )
}
