import { useId, useState, type FormEvent } from 'react'
import type { Sharing } from '@/api/views'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/toast'
import { useCurrentUser } from '@/lib/app-context'
import { useDirectory } from '@/lib/directory'
import type { EventListSearch } from '../list-search'
import { isCurrentView, MAX_VIEW_NAME, type ListView, type SavedView } from './saved-views'
import { useSavedViews } from './use-saved-views'
import styles from '../toolbar-panels.module.css'

export interface SavedViewsPanelProps {
  search: EventListSearch
  onOpen: (view: SavedView) => void
}

const closePopover = (element: HTMLElement) =>
  element.closest<HTMLElement>('[popover]')?.hidePopover()

const sharingValue = (sharing: Sharing) =>
  sharing.with === 'group' ? `group:${sharing.groupId}` : sharing.with

const sharingOf = (value: string): Sharing =>
  value.startsWith('group:')
    ? { with: 'group', groupId: Number(value.slice('group:'.length)) }
    : { with: value === 'everyone' ? 'everyone' : 'none' }

/**
 * Names the current sort, page size, columns and filters, and opens a named view in one click.
 * With the console server, a view's owner shares it with everyone or a group of theirs; the others
 * see it under "Shared with you", open it and copy it.
 */
export default function SavedViewsPanel({ search, onOpen }: SavedViewsPanelProps) {
  const { views, canShare, save, remove, share, copy } = useSavedViews()
  const user = useCurrentUser()
  const { groupName } = useDirectory()
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const listId = useId()
  const sharedId = useId()
  const current = views.find((v) => isCurrentView(v, search))
  const own = views.filter((v) => v.owned)
  const shared = views.filter((v) => !v.owned)

  const act = async (work: () => Promise<string>, failed: string) => {
    setBusy(true)
    try {
      toast.success(await work())
      return true
    } catch (cause) {
      toast.error(failed, {
        description: canShare
          ? describeError(cause).message
          : 'This browser refused to store it (storage full or turned off).',
      })
      return false
    } finally {
      setBusy(false)
    }
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return setError('Enter a name for the view')
    const done = await act(async () => {
      const outcome = await save(trimmed, search)
      return outcome === 'updated' ? `View “${trimmed}” updated` : `View “${trimmed}” saved`
    }, 'The view could not be kept')
    if (done) {
      setName('')
      setError(undefined)
    }
  }

  const groupChoices = [...user.groups].sort((a, b) => a - b)
  const sharedWith = (sharing: Sharing) =>
    sharing.with === 'everyone'
      ? 'everyone'
      : sharing.with === 'group'
        ? groupName(sharing.groupId)
        : 'only you'

  const openButton = (view: ListView) => (
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
  )

  return (
    <>
      <h2 className={styles.panelTitle} id={listId}>
        {canShare ? 'Your views' : 'Saved views'}
      </h2>
      {own.length === 0 ? (
        <p className={styles.tip}>No saved views yet. Name the current sort and columns below.</p>
      ) : (
        <ul className={styles.viewList} aria-labelledby={listId}>
          {own.map((view) => (
            <li key={view.id} className={styles.viewItem}>
              {openButton(view)}
              {canShare && (
                <select
                  className={styles.shareSelect}
                  aria-label={`Share view ${view.name} with`}
                  value={sharingValue(view.sharing)}
                  disabled={busy}
                  onChange={(e) => {
                    const sharing = sharingOf(e.target.value)
                    void act(async () => {
                      await share(view, sharing)
                      return `View “${view.name}” shared with ${sharedWith(sharing)}`
                    }, 'The view could not be shared')
                  }}
                >
                  <option value="none">Only you</option>
                  <option value="everyone">Everyone</option>
                  {groupChoices.map((key) => (
                    <option key={key} value={`group:${key}`}>
                      {groupName(key)}
                    </option>
                  ))}
                  {view.sharing.with === 'group' &&
                    !groupChoices.includes(view.sharing.groupId) && (
                      <option value={sharingValue(view.sharing)}>
                        {groupName(view.sharing.groupId)}
                      </option>
                    )}
                </select>
              )}
              <Button
                size="small"
                variant="ghost"
                aria-label={`Delete view ${view.name}`}
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    await remove(view)
                    return `View “${view.name}” deleted`
                  }, 'The view could not be deleted')
                }
              >
                ✕
              </Button>
            </li>
          ))}
        </ul>
      )}
      {shared.length > 0 && (
        <>
          <h3 className={styles.panelTitle} id={sharedId}>
            Shared with you
          </h3>
          <ul className={styles.viewList} aria-labelledby={sharedId}>
            {shared.map((view) => (
              <li key={view.id} className={styles.viewItem}>
                <div className={styles.viewStack}>
                  {openButton(view)}
                  <span className={styles.viewOwner}>
                    {view.ownerName ?? 'Someone'} · {sharedWith(view.sharing)}
                  </span>
                </div>
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Copy view ${view.name}`}
                  disabled={busy}
                  onClick={() =>
                    void act(
                      async () => `Copied as “${await copy(view)}”, yours to change`,
                      'The view could not be copied',
                    )
                  }
                >
                  Copy
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <form className={styles.saveForm} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Save the current view as"
          value={name}
          maxLength={MAX_VIEW_NAME}
          placeholder="e.g. Urgent first"
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" size="small" variant="primary" disabled={busy}>
          Save view
        </Button>
      </form>
    </>
  )
}
