import { useRef, useState } from 'react'
import { describeError } from '@/components/errors/describe-error'
import { useDirectory } from '@/lib/directory'
import { useRuntimeConfig } from '@/lib/app-context'
import type { Event } from '@/api/schemas/event'
import type { StaticOption } from '@/api/schemas/static-option'
import { useIndexClient } from '../index/event-index-provider'
import type { QueryRequest } from '../index/protocol'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { ColumnChooser } from './columns/column-chooser'
import type { EventColumn } from './columns/events-columns'
import { ListPager } from './list-pager'
import type { EventListSearch } from './list-search'
import { SavedViewsMenu } from './views/saved-views-menu'
import { viewSearchParams } from './views/saved-views'
import { SortMenu } from './sorting/sort-menu'
import styles from './events-list-page.module.css'
import { formatCount } from '@/lib/format/format'

interface ListToolbarProps {
  search: EventListSearch
  rows: readonly Event[]
  /** Matching events in all (from the index); null while only the service's pages are known. */
  total: number | null
  /** The index's question for these rows: export asks it for every match. */
  exportAll: QueryRequest | null
  columns: readonly EventColumn[]
  priorities: readonly StaticOption[]
  loading: boolean
  onUpdate: (next: Partial<EventListSearch>) => void
  onOpenView: (params: URLSearchParams) => void
}

/** Views, columns, sort and export on the left; paging on the right. */
export function ListToolbar({
  search,
  rows,
  total,
  exportAll,
  columns,
  priorities,
  loading,
  onUpdate,
  onOpenView,
}: ListToolbarProps) {
  const index = useIndexClient()
  const { completedStatus } = useRuntimeConfig()
  const { personName, groupName } = useDirectory()
  /** An export under way: the button says so and does not start a second. */
  const [exporting, setExporting] = useState(false)
  // Read at the click, not from the last render: a double click starts one export.
  const underWay = useRef(false)
  const exportCsv = async () => {
    if (underWay.current) return
    underWay.current = true
    setExporting(true)
    try {
      await writeCsv()
    } catch (error) {
      toast.error('Nothing was exported', { description: describeError(error).message })
    } finally {
      underWay.current = false
      setExporting(false)
    }
  }
  const writeCsv = async () => {
    const [{ csvFileName, eventsToCsv, exportColumns }, { downloadText }] = await Promise.all([
      import('./export/csv'),
      import('@/lib/download'),
    ])
    const context = { priorities, completedStatus, personName, groupName }
    if (exportAll && index) {
      // Every match, not the page: the index answers them all at once.
      const all = await index.query({ ...exportAll, offset: 0, limit: Number.MAX_SAFE_INTEGER })
      const fileName = csvFileName(new Date(), 1)
      const cols = exportColumns(columns, context)
      downloadText(fileName, eventsToCsv(cols, all.rows))
      toast.success(
        `Exported ${formatCount(all.rows.length)} ${all.rows.length === 1 ? 'event' : 'events'}`,
        {
          description: `${fileName}: every matching event, ${cols.length} columns (codes and their labels).`,
        },
      )
      return
    }
    const fileName = csvFileName(new Date(), search.page)
    downloadText(fileName, eventsToCsv(exportColumns(columns, context), rows))
    toast.success(
      `Exported ${formatCount(rows.length)} ${rows.length === 1 ? 'event' : 'events'}`,
      {
        description: `${fileName}: the ${columns.length} visible columns of this page (every match can be exported once filters are ready).`,
      },
    )
  }
  return (
    <div className={styles.toolbar}>
      <div className={styles.tools}>
        <SavedViewsMenu search={search} onOpen={(view) => onOpenView(viewSearchParams(view))} />
        <ColumnChooser columns={search.columns} onChange={(c) => onUpdate({ columns: c })} />
        <SortMenu sort={search.sort} onChange={(sort) => onUpdate({ sort, page: 1 })} />
        <Button
          size="small"
          disabled={loading || rows.length === 0 || exporting}
          aria-busy={exporting}
          onClick={() => void exportCsv()}
        >
          {exporting
            ? 'Exporting…'
            : total !== null
              ? `Export ${total === 1 ? '1 event' : `all ${formatCount(total)}`}`
              : 'Export page'}
        </Button>
      </div>
      <ListPager
        page={search.page}
        size={search.size}
        rowCount={rows.length}
        total={total}
        loading={loading}
        onChange={onUpdate}
      />
    </div>
  )
}
