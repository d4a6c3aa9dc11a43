import { useState } from 'react'
import { useDatabase } from '@/api/api-context'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { toast } from '@/components/ui/toast'
import { formatCount } from '@/lib/format/format'
import { paths } from '@/lib/paths'
import { isResultOk, NOT_CONFIRMED } from './import-send'
import { resultsCsv, resultsFileName } from './import-results'
import { ImportRowEditor } from './import-row-editor'
import { ImportRowsTable } from './import-rows-table'
import { ImportSourceForm } from './import-source-form'
import { ImportSummary } from './import-summary'
import { useImportRows } from './use-import-rows'
import { useImportSend } from './use-import-send'
import styles from './import.module.css'

/** Offers `text` as a file to save (a results file: in memory, never on the service). */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Batch import (`PUT /auths`): paste or upload, check every row (and what it changes on the auth
 * it names) before anything is sent, send the ready ones in batches with progress and Stop, fix
 * the rest, and take away a results file.
 */
export function AuthImportPage() {
  const db = useDatabase()
  const { imported, counts, load, clear, fixRow, removeRow, resolveRow, applyResults } =
    useImportRows()
  const { send, stop, progress } = useImportSend()
  const [editing, setEditing] = useState<number | null>(null)
  const stopEditing = () => setEditing(null)
  const editingState = imported?.rows.find((s) => s.row.index === editing)
  const hasResults = imported?.rows.some((s) => s.result) ?? false

  const sendReady = async () => {
    if (!imported) return
    const results = await send(imported.rows, applyResults)
    const all = [...results.values()]
    const ok = all.filter(isResultOk).length
    const unconfirmed = all.filter((r) => r.status === NOT_CONFIRMED).length
    const failed = all.length - ok - unconfirmed
    if (failed === 0 && unconfirmed === 0)
      toast.success(`${formatCount(ok)} of ${formatCount(all.length)} auths saved`)
    else if (failed === 0)
      toast.error(`${formatCount(unconfirmed)} of ${formatCount(all.length)} auths not confirmed`, {
        description: `${formatCount(ok)} saved. The service's answer for the others was lost: they may be saved. Check them before sending them again; the results file holds them back.`,
      })
    else
      toast.error(`${formatCount(failed)} of ${formatCount(all.length)} auths not saved`, {
        description: `${formatCount(ok)} saved${unconfirmed ? `, ${formatCount(unconfirmed)} not confirmed` : ''}. The rows say why; fix them and send them again, or download the results file and import it again.`,
      })
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Import auths"
        description={`Create or update many auths in the ${db} database at once. Every row is checked, and compared with the auth it names, before anything is sent.`}
        actions={<ButtonLink to={paths.auths.lookup()}>Back to auths</ButtonLink>}
      />
      <section className={styles.card} aria-labelledby="import-source">
        <h2 id="import-source" className={styles.cardTitle}>
          1. Paste or choose a file
        </h2>
        <ImportSourceForm onParsed={load} />
      </section>
      {imported && (
        <section className={styles.card} aria-labelledby="import-rows">
          <h2 id="import-rows" className={styles.cardTitle}>
            2. Check the rows and send
          </h2>
          <ImportSummary
            parsed={imported.parsed}
            total={imported.rows.length}
            counts={counts}
            progress={progress}
            hasResults={hasResults}
            onSend={() => void sendReady()}
            onStop={stop}
            onDownload={() =>
              download(
                resultsFileName(imported.parsed.fileName),
                resultsCsv(imported.parsed, imported.rows),
              )
            }
            onStartOver={clear}
          />
          <ImportRowsTable rows={imported.rows} onEdit={setEditing} onResolve={resolveRow} />
        </section>
      )}
      {editingState && (
        <ImportRowEditor
          state={editingState}
          onClose={stopEditing}
          onApply={(values) => {
            fixRow(editingState.row.index, values)
            stopEditing()
          }}
          onRemove={() => {
            removeRow(editingState.row.index)
            setEditing(null)
          }}
        />
      )}
    </div>
  )
}
