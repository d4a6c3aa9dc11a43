import type { ReactNode, TableHTMLAttributes } from 'react'
import styles from './table.module.css'

interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** Names the table for assistive technology; shown above it unless `captionHidden`. */
  caption?: ReactNode
  captionHidden?: boolean
  /** Draws a border around it (tables that do not sit in a bordered section). */
  frame?: boolean
  /** Caps its height; it scrolls inside (dialogs). */
  maxHeight?: string
  children: ReactNode
}

/**
 * A data table with the console's one look: `<thead>` with `th scope="col"`, row headers with
 * `th scope="row"`, cell padding, rules and muted header cells. Pages add only what is theirs
 * (a column width, a row tone). `numeric` right-aligns a column with tabular figures.
 */
export function Table({
  caption,
  captionHidden = false,
  frame = true,
  maxHeight,
  className,
  children,
  ...rest
}: TableProps) {
  // Always in a scroller: a wide table scrolls on its own instead of widening the page.
  return (
    <div
      className={`${styles.scroll} ${frame ? styles.frame : ''}`}
      style={maxHeight ? { maxHeight } : undefined}
    >
      <table {...rest} className={`${styles.table} ${className ?? ''}`}>
        {caption !== undefined && (
          <caption className={captionHidden ? 'visually-hidden' : styles.caption}>
            {caption}
          </caption>
        )}
        {children}
      </table>
    </div>
  )
}

/** Right-aligned, tabular figures: for count and amount columns. */
export const numeric = styles.numeric
