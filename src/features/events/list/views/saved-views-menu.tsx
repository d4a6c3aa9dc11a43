import { lazy } from 'react'
import { PopoverPanel } from '../popover-panel'
import { isCurrentView } from './saved-views'
import type { SavedViewsPanelProps } from './saved-views-panel'
import { useSavedViews } from './use-saved-views'

const SavedViewsPanel = lazy(() => import('./saved-views-panel'))

/** "Saved views" (or the name of the view the list shows): opens the views. */
export function SavedViewsMenu(props: SavedViewsPanelProps) {
  const { views } = useSavedViews()
  const current = views.find((v) => isCurrentView(v, props.search))
  return (
    <PopoverPanel label={current ? `View: ${current.name}` : 'Saved views'} title="Saved views">
      <SavedViewsPanel {...props} />
    </PopoverPanel>
  )
}
