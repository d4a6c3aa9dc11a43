import { Fragment } from 'react'
import { Link } from 'react-router'
import { byLocale } from '@/lib/format/format'
import type { UnreadableRecord } from '@/api/records'
import { Button } from '@/components/ui/button'
import { paths } from '@/lib/paths'
import type { MissingRange } from './protocol'
import { useIndexGaps } from './use-event-index'
import styles from './gaps-note.module.css'

const fmt = byLocale((l) => new Intl.NumberFormat(l))
/** IDs named before "and N more". */
const SHOWN_IDS = 5

/**
 * What the index leaves out, for the list, the calendar and search everywhere: events
 * the service sent that fail the contract (named by ID, each a link to its page, which shows what
 * can be read and offers Delete) and ranges it failed to send (with a Retry). Nothing when none.
 * `also`: unreadable events read outside the index (the service's page the list shows meanwhile).
 */
export function IndexGapsNote({
  also = [],
  onNavigate,
}: {
  also?: readonly UnreadableRecord[]
  /** Called when one of its links is followed (search everywhere closes). */
  onNavigate?: () => void
}) {
  const { gaps, rereading, reread } = useIndexGaps()
  const ids = [
    ...new Set([...gaps.unreadable, ...also.flatMap((u) => (u.id === null ? [] : [u.id]))]),
  ]
  const nameless = Math.max(gaps.nameless, also.filter((u) => u.id === null).length)
  if (ids.length + nameless === 0 && gaps.missing.length === 0) return null
  return (
    <div className={styles.note} role="note" aria-label="Events left out">
      <UnreadableLine ids={ids.sort((a, b) => a - b)} nameless={nameless} onNavigate={onNavigate} />
      {gaps.missing.length > 0 && (
        <p className={styles.line}>
          {describeMissing(gaps.missing)}
          <Button size="small" onClick={reread} disabled={rereading}>
            {rereading ? 'Reading again…' : 'Retry'}
          </Button>
        </p>
      )}
    </div>
  )
}

/** The unreadable events of one answer (a user's events), outside the index. */
export function UnreadableNote({ records }: { records: readonly UnreadableRecord[] }) {
  if (records.length === 0) return null
  const ids = [...new Set(records.flatMap((u) => (u.id === null ? [] : [u.id])))]
  return (
    <div className={styles.note} role="note" aria-label="Events left out">
      <UnreadableLine
        ids={ids.sort((a, b) => a - b)}
        nameless={records.filter((u) => u.id === null).length}
      />
    </div>
  )
}

/** "1 event could not be read: ID 4711 — open it…", the IDs linked, a few then "and N more". */
export function UnreadableLine({
  ids,
  nameless,
  onNavigate,
}: {
  ids: readonly number[]
  nameless: number
  onNavigate?: (() => void) | undefined
}) {
  const count = ids.length + nameless
  if (count === 0) return null
  const head = `${fmt().format(count)} ${count === 1 ? 'event' : 'events'} could not be read`
  if (ids.length === 0)
    return (
      <p className={styles.line}>
        {head}, and the service sent no readable ID for {count === 1 ? 'it' : 'them'}.
      </p>
    )
  const shown = ids.slice(0, SHOWN_IDS)
  const more = count - shown.length
  return (
    <p className={styles.line}>
      {head}: {ids.length === 1 ? 'ID' : 'IDs'}{' '}
      {shown.map((id, i) => (
        <Fragment key={id}>
          {i > 0 && ', '}
          <Link to={paths.events.detail(id)} onClick={onNavigate}>
            {id}
          </Link>
        </Fragment>
      ))}
      {more > 0 && ` and ${fmt().format(more)} more`} — open {ids.length === 1 ? 'it' : 'one'} to
      see what can be read, or to delete it.
    </p>
  )
}

/** "Events 3,001–4,000 could not be read; the totals leave them out." (positions by ID). */
export function describeMissing(missing: readonly MissingRange[]): string {
  const parts = missing.map((r) =>
    r.to === null
      ? `from ${fmt().format(r.from)} on`
      : r.to === r.from
        ? fmt().format(r.from)
        : `${fmt().format(r.from)}–${fmt().format(r.to)}`,
  )
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]
  const one = missing.length === 1 && missing[0]!.to === missing[0]!.from
  return `${one ? 'Event' : 'Events'} ${list} could not be read; the totals leave ${one ? 'it' : 'them'} out. `
}
