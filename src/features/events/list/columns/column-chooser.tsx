import { lazy } from 'react'
import type { ColumnChooserProps } from './column-chooser-panel'
import { PopoverPanel } from '../popover-panel'

const ColumnChooserPanel = lazy(() => import('./column-chooser-panel'))

/** "Columns (8)": opens the column checkboxes. */
export function ColumnChooser(props: ColumnChooserProps) {
  return (
    <PopoverPanel label={`Columns (${props.columns.length})`} title="Choose columns">
      <ColumnChooserPanel {...props} />
    </PopoverPanel>
  )
}
