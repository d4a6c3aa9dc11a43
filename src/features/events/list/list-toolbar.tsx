import type { Event } from '@/api/schemas/event'
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

interface ListToolbarProps {
  search: EventListSearch
  rows: readonly Event[]
  columns: readonly EventColumn[]
  loading: boolean
  onUpdate: (next: Partial<EventListSearch>) => void
  onOpenView: (params: URLSearchParams) => void
}

/** Views, columns, sort and export on the left; paging on the right. */
export function ListToolbar({
  search,
  rows,
  columns,
  loading,
  onUpdate,
  onOpenView,
}: ListToolbarProps) {
  const exportCsv = async () => {
    const { csvFileName, downloadText, eventsToCsv } = await import('./export/csv')
    const fileName = csvFileName(new Date(), search.page)
    downloadText(fileName, eventsToCsv(columns, rows))
    toast.success(`Exported ${rows.length} ${rows.length === 1 ? 'event' : 'events'}`, {
      description: `${fileName}: the ${columns.length} visible columns of this page.`,
    })
  }
  return (
    <div className={styles.toolbar}>
      <div className={styles.tools}>
        <SavedViewsMenu search={search} onOpen={(view) => onOpenView(viewSearchParams(view))} />
        <ColumnChooser columns={search.columns} onChange={(c) => onUpdate({ columns: c })} />
        <SortMenu sort={search.sort} onChange={(sort) => onUpdate({ sort, page: 1 })} />
        <Button
          size="small"
          disabled={loading || rows.length === 0}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </Button>
      </div>
      <ListPager
        page={search.page}
        size={search.size}
        rowCount={rows.length}
        loading={loading}
        onChange={onUpdate}
      />
    </div>
  )
}
