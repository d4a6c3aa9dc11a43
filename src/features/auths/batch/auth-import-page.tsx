import { useState } from 'react'
import { useDatabase } from '@/api/api-context'
import { ButtonLink } from '@/components/ui/button-link'
import { PageHeader } from '@/components/ui/page-header'
import { toast } from '@/components/ui/toast'
import { formatCount } from '@/lib/format/format'
import { paths } from '@/lib/paths'
import { isResultOk } from './import-send'
import { ImportRowEditor } from './import-row-editor'
import { ImportRowsTable } from './import-rows-table'
import { ImportSourceForm } from './import-source-form'
import { ImportSummary } from './import-summary'
import { statusOf, useImportRows } from './use-import-rows'
import { useImportSend } from './use-import-send'
import styles from './import.module.css'

/** Batch import (`PUT /auths`): paste or upload, check every row, send the valid ones, fix the rest. */
export function AuthImportPage() {
  const db = useDatabase()
  const { imported, counts, load, clear, fixRow, removeRow, applyResults } = useImportRows()
  const { send, progress } = useImportSend()
  const [editing, setEditing] = useState<number | null>(null)
  const stopEditing = () => setEditing(null)
  const editingState = imported?.rows.find((s) => s.row.index === editing)

  const sendReady = async () => {
    if (!imported) return
    const ready = imported.rows.filter((s) => statusOf(s) === 'ready')
    const results = await send(ready)
    applyResults(results)
    const all = [...results.values()]
    const ok = all.filter(isResultOk).length
    const failed = all.length - ok
    const of = `of ${formatCount(all.length)} auths`
    if (failed === 0) toast.success(`${formatCount(ok)} ${of} saved`)
    else
      toast.error(`${formatCount(failed)} ${of} not saved`, {
        description: `${formatCount(ok)} saved. The failed rows say why; fix them and send them again.`,
      })
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Import auths"
        description={`Create or update many auths in the ${db} database at once. Every row is checked before anything is sent.`}
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
            onSend={() => void sendReady()}
            onStartOver={clear}
          />
          <ImportRowsTable rows={imported.rows} onEdit={setEditing} />
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
