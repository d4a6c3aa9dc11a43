import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toast'
import type { EventListSearch } from '../list-search'
import {
  deleteView,
  findViewByName,
  isCurrentView,
  MAX_VIEW_NAME,
  saveView,
  type SavedView,
} from './saved-views'
import { useSavedViews } from './use-saved-views'
import styles from '../toolbar-panels.module.css'

export interface SavedViewsPanelProps {
  search: EventListSearch
  onOpen: (view: SavedView) => void
}

const closePopover = (element: HTMLElement) =>
  element.closest<HTMLElement>('[popover]')?.hidePopover()

/** Names the current sort, page size and columns, and opens a named view in one click. */
export default function SavedViewsPanel({ search, onOpen }: SavedViewsPanelProps) {
  const { views, update } = useSavedViews()
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const listId = useId()
  const current = views.find((v) => isCurrentView(v, search))

  const change = (fn: (views: SavedView[]) => SavedView[], done: string) => {
    try {
      update(fn)
      toast.success(done)
      return true
    } catch {
      toast.error('The view could not be kept', {
        description: 'This browser refused to store it (storage full or turned off).',
      })
      return false
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return setError('Enter a name for the view')
    const replaced = findViewByName(views, trimmed)
    const done = replaced ? `View “${replaced.name}” updated` : `View “${trimmed}” saved`
    if (change((all) => saveView(all, trimmed, search), done)) {
      setName('')
      setError(undefined)
    }
  }

  return (
    <>
      <h2 className={styles.panelTitle} id={listId}>
        Saved views
      </h2>
      {views.length === 0 ? (
        <p className={styles.tip}>No saved views yet. Name the current sort and columns below.</p>
      ) : (
        <ul className={styles.viewList} aria-labelledby={listId}>
          {views.map((view) => (
            <li key={view.id} className={styles.viewItem}>
              <Button
                size="small"
                variant="ghost"
                className={styles.viewName}
                aria-current={view === current ? 'true' : undefined}
                onClick={(e) => {
                  closePopover(e.currentTarget)
                  onOpen(view)
                }}
              >
                {view.name}
              </Button>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Delete view ${view.name}`}
                onClick={() =>
                  change((all) => deleteView(all, view.id), `View “${view.name}” deleted`)
                }
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.saveForm} onSubmit={submit} noValidate>
        <TextField
          label="Save the current view as"
          value={name}
          maxLength={MAX_VIEW_NAME}
          placeholder="e.g. Urgent first"
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" size="small" variant="primary">
          Save view
        </Button>
      </form>
    </>
  )
}
