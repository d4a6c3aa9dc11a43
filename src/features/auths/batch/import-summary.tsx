import { Button } from '@/components/ui/button'
import { formatCount } from '@/lib/format/format'
import type { ParsedImport } from './import-rows'
import type { SendProgress } from './use-import-send'
import type { RowStatus } from './use-import-rows'
import styles from './import.module.css'

interface ImportSummaryProps {
  parsed: ParsedImport
  total: number
  counts: Record<RowStatus, number>
  progress: SendProgress | null
  /** Whether anything was sent (a results file can be downloaded). */
  hasResults: boolean
  onSend: () => void
  onStop: () => void
  onDownload: () => void
  onStartOver: () => void
}

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`

/**
 * How many rows are ready (new auths and updates), need fixing, are being checked, were saved or
 * failed; the send button, the progress of a send with its Stop, and the results file.
 */
export function ImportSummary(props: ImportSummaryProps) {
  const { parsed, total, counts, progress, hasResults } = props
  const sendable = counts.ready + counts.update
  const sending = progress !== null
  return (
    <div className={styles.summary}>
      <p className={styles.counts} aria-live="polite">
        <span>
          {parsed.format.toUpperCase()}, {plural(total, 'row')}:
        </span>
        <span className={`${styles.chip} ${styles.ready}`}>{formatCount(sendable)} ready</span>
        {counts.update > 0 && (
          <span className={`${styles.chip} ${styles.update}`}>
            {formatCount(counts.update)} update existing auths
          </span>
        )}
        {counts.unchanged > 0 && (
          <span className={styles.chip}>{formatCount(counts.unchanged)} unchanged</span>
        )}
        {counts.checking > 0 && (
          <span className={styles.chip}>{formatCount(counts.checking)} checking</span>
        )}
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
        {counts['not-sent'] > 0 && (
          <span className={`${styles.chip} ${styles.failed}`}>
            {formatCount(counts['not-sent'])} not sent
          </span>
        )}
        {counts.unconfirmed > 0 && (
          <span className={`${styles.chip} ${styles.failed}`}>
            {formatCount(counts.unconfirmed)} not confirmed
          </span>
        )}
        {counts.held > 0 && (
          <span className={`${styles.chip} ${styles.invalid}`}>
            {formatCount(counts.held)} held back by an earlier import
          </span>
        )}
      </p>
      {parsed.skippedSaved > 0 && (
        <p className={styles.note}>
          {plural(parsed.skippedSaved, 'row')} this results file records as saved{' '}
          {parsed.skippedSaved === 1 ? 'is' : 'are'} left out.
        </p>
      )}
      {parsed.unknownColumns.length > 0 && (
        <p className={styles.warning}>
          The service does not know{' '}
          {parsed.unknownColumns.length === 1 ? 'this column' : 'these columns'} and ignores{' '}
          {parsed.unknownColumns.length === 1 ? 'it' : 'them'}: {parsed.unknownColumns.join(', ')}.
        </p>
      )}
      <p className={styles.muted}>
        A row with the number of an existing auth updates only the fields it gives (each row says
        what changes: old → new): columns the file leaves out and blank CSV cells keep their values
        (in JSON, null clears a field). A row without a number, or with one no auth has, creates a
        new auth. One file names an auth once. Rows with problems are not sent; fix them here or in
        the file. Rows go in batches of the service&apos;s size; the results file lists every
        row&apos;s outcome and imports again to retry the rows not saved.
      </p>
      {progress && (
        <div className={styles.progress}>
          <progress aria-label="Sending the import" max={progress.total} value={progress.sent} />
          <span aria-live="polite">
            Batch {formatCount(progress.batch)} of {formatCount(progress.batches)}:{' '}
            {formatCount(progress.sent)} of {formatCount(progress.total)} rows answered
            {progress.stopping ? '; stopping after this batch' : ''}
          </span>
          <Button onClick={props.onStop} disabled={progress.stopping}>
            Stop after this batch
          </Button>
        </div>
      )}
      <div className={styles.summaryActions}>
        <Button
          variant="primary"
          disabled={sendable === 0 || sending || counts.checking > 0}
          onClick={props.onSend}
        >
          {sending
            ? 'Sending…'
            : counts.checking > 0
              ? `Checking ${plural(counts.checking, 'existing auth')}…`
              : sendable === 0
                ? 'Nothing ready to send'
                : `Send ${plural(sendable, 'ready row')}`}
        </Button>
        {hasResults && !sending && (
          <Button onClick={props.onDownload}>Download results (CSV)</Button>
        )}
        <Button onClick={props.onStartOver} disabled={sending}>
          Start over
        </Button>
      </div>
    </div>
  )
}
