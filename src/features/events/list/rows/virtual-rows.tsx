import type { CSSProperties, RefObject } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { EventsTableRow } from './events-table-row'
import { HEADER_HEIGHT, ROW_HEIGHT, type RowsProps } from './table-rows'
import styles from './events-table.module.css'
import { useHasRowTeam } from './row-team'

interface VirtualRowsProps extends RowsProps {
  scrollRef: RefObject<HTMLDivElement | null>
}

const spacer = (height: number) => ({ '--spacer-height': `${height}px` }) as CSSProperties

/**
 * The rows in view (and a margin) between two spacer rows that keep the scroll height, so a
 * 500-row page scrolls as smoothly as a short one. Rows are as tall as their subject's lines:
 * each drawn row is measured (and watched) by the virtualizer, so the spacers stay exact. Loaded
 * only for long pages, with the virtualizer it needs.
 */
export default function VirtualRows({ scrollRef, rows, ...rowProps }: VirtualRowsProps) {
  // The virtualizer re-renders this component itself as the user scrolls; nothing here is
  // memoized by the React Compiler, which is what this rule warns about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    overscan: 12,
    initialRect: { width: 1200, height: 800 },
  })
  const items = virtualizer.getVirtualItems()
  const top = (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT
  const bottom = items.length ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0
  const team = useHasRowTeam()
  const span = rowProps.columns.length + (team ? 3 : 2)
  return (
    <>
      {top > 0 && (
        <tr aria-hidden="true" className={styles.spacer} style={spacer(top)}>
          <td colSpan={span} />
        </tr>
      )}
      {items.map((item) => {
        const event = rows[item.index]
        return (
          event && (
            <EventsTableRow
              key={event.event_ID}
              event={event}
              rowIndex={item.index + 2}
              selected={rowProps.isSelected(event.event_ID)}
              failed={rowProps.failedIds.has(event.event_ID)}
              columns={rowProps.columns}
              completedStatus={rowProps.completedStatus}
              onToggle={rowProps.onToggle}
              ref={virtualizer.measureElement}
              virtualIndex={item.index}
            />
          )
        )
      })}
      {bottom > 0 && (
        <tr aria-hidden="true" className={styles.spacer} style={spacer(bottom)}>
          <td colSpan={span} />
        </tr>
      )}
    </>
  )
}
