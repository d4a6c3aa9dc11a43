import {
  Fragment,
  lazy,
  Suspense,
  useEffect,
  useRef,
  type CSSProperties,
  type ReactNode,
} from 'react'
import type { SortField } from '@/api/events'
import { COLUMN_PX } from '../columns/events-columns'
import { SortHeader } from '../sorting/sort-header'
import { TableRows, type RowsProps } from './table-rows'
import styles from './events-table.module.css'
import { Skeleton } from '@/components/ui/skeleton'
import { useHasRowTeam } from './row-team'

/** Pages longer than this render only the rows in view. */
export const VIRTUALIZE_FROM = 60
let virtualRows: Promise<typeof import('./virtual-rows')> | undefined
/**
 * Starts loading the virtualized rows once; a page that will need them asks before its data. A
 * load that failed (offline, a new version installed) is tried again at the next ask.
 */
const loadVirtualRows = () =>
  (virtualRows ??= import('./virtual-rows').catch((error: unknown) => {
    virtualRows = undefined
    throw error
  }))
const VirtualRows = lazy(loadVirtualRows)
const SELECT_PX = 40
const ACTIONS_PX = 44
/** The notes' count: a narrow column under a bubble (its name, "Notes", for screen readers). */
const NOTES_PX = 40
/** Sizes go through custom properties: the stylesheet owns the layout, the data the numbers. */
const px = (width: number) => ({ '--col-width': `${width}px` }) as CSSProperties
const minWidth = (width: number) => ({ '--table-min-width': `${width}px` }) as CSSProperties

interface EventsTableProps extends RowsProps {
  /** What an empty page says (why it is empty, and the way out). */
  empty: ReactNode
  /** The rows a page holds when full: past `VIRTUALIZE_FROM` the virtualizer loads at once. */
  pageSize: number
  sort: readonly SortField[]
  caption: string
  loading: boolean
  busy: boolean
  allSelected: boolean
  someSelected: boolean
  onToggleAll: (checked: boolean) => void
  onSort: (field: string, additive: boolean) => void
}

/**
 * A real table (so screen readers get table navigation) in its own scroll box, header sticky.
 * Long pages render only the rows in view; `aria-rowcount` and `aria-rowindex` still tell
 * assistive technology the full size and where each rendered row sits.
 */
export function EventsTable({
  pageSize,
  sort,
  caption,
  loading,
  busy,
  allSelected,
  someSelected,
  onToggleAll,
  onSort,
  empty,
  ...rowsProps
}: EventsTableProps) {
  const { rows, columns } = rowsProps
  const scrollRef = useRef<HTMLDivElement>(null)
  const team = useHasRowTeam()
  const span = columns.length + (team ? 3 : 2)
  const long = rows.length > VIRTUALIZE_FROM
  // Loaded while the page's data is on its way, so the rows are drawn once, by the virtualizer:
  // drawing them plainly first and swapping would drop the focus or the menu a user just opened.
  useEffect(() => {
    // A failure here is told where the rows are drawn (the page's error boundary), if ever.
    if (pageSize > VIRTUALIZE_FROM) loadVirtualRows().catch(() => undefined)
  }, [pageSize])

  return (
    <div ref={scrollRef} className={styles.scroller}>
      <table
        className={styles.table}
        style={minWidth(
          SELECT_PX +
            ACTIONS_PX +
            (team ? NOTES_PX : 0) +
            columns.reduce((sum, c) => sum + COLUMN_PX[c.width], 0),
        )}
        aria-rowcount={loading ? -1 : rows.length + 1}
        aria-busy={busy}
      >
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col className={styles.col} style={px(SELECT_PX)} />
          {columns.map((c) => (
            <Fragment key={c.field}>
              <col
                className={styles.col}
                style={c.width === 'xl' ? undefined : px(COLUMN_PX[c.width])}
              />
              {team && c.field === 'subject' && <col className={styles.col} style={px(NOTES_PX)} />}
            </Fragment>
          ))}
          <col className={styles.col} style={px(ACTIONS_PX)} />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className={styles.selectCell}>
              <input
                type="checkbox"
                className={styles.checkbox}
                aria-label="Select all events on this page"
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = someSelected && !allSelected
                }}
                disabled={rows.length === 0}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
            {columns.map((column) => (
              <Fragment key={column.field}>
                <SortHeader column={column} sort={sort} onSort={onSort} />
                {team && column.field === 'subject' && (
                  <th scope="col" className={styles.notesCell} title="Notes">
                    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                      <path
                        d="M2 3.5A1.5 1.5 0 0 1 3.5 2h9A1.5 1.5 0 0 1 14 3.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3 3v-3h-.5A1.5 1.5 0 0 1 2 9.5v-6Z"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.4"
                        strokeLinejoin="round"
                      />
                    </svg>
                    <span className="visually-hidden">Notes</span>
                  </th>
                )}
              </Fragment>
            ))}
            <th scope="col" className={styles.actionsCell}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <SkeletonRows span={span} />
          ) : long ? (
            <Suspense fallback={<SkeletonRows span={span} />}>
              <VirtualRows scrollRef={scrollRef} {...rowsProps} />
            </Suspense>
          ) : (
            <TableRows {...rowsProps} />
          )}
        </tbody>
      </table>
      {!loading && rows.length === 0 && <div className={styles.empty}>{empty}</div>}
    </div>
  )
}

function SkeletonRows({ span }: { span: number }) {
  return Array.from({ length: 10 }, (_, i) => (
    <tr key={i} aria-hidden="true">
      {Array.from({ length: span }, (_, j) => (
        <td key={j}>
          <Skeleton className={styles.skeleton} />
        </td>
      ))}
    </tr>
  ))
}
