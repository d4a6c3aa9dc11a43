import { createContext, use, useMemo, type ReactNode } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { countNotes } from '@/api/notes'
import { openByOthers, type Opener } from '@/api/presence'
import { notesKey, presenceKey } from '@/api/query-keys'
import { useRuntimeConfig } from '@/lib/app-context'
import { useDirectory } from '@/lib/directory'
import { useSettled } from '@/lib/use-settled'
import styles from './events-table.module.css'

/*
 * What the team knows of a list's rows, from the console server: how many internal notes each
 * has (the Notes column) and who else has it open (an eye beside its subject). Asked for the page
 * shown (once it stays a moment), and again whenever the stream says a note or a presence changed. Without the server
 * neither is shown.
 */

interface RowTeam {
  notes: Readonly<Record<string, number>>
  open: Readonly<Record<string, readonly Opener[]>>
}

const RowTeamContext = createContext<RowTeam | null>(null)

const NOTHING: RowTeam = { notes: {}, open: {} }

/** How long a page's rows stay before their notes and presence are asked. */
const SETTLE_MS = 300

/** Whether the list has a Notes column (only with the console server). */
export const useHasRowTeam = () => use(RowTeamContext) !== null

export function RowTeamProvider({
  ids,
  children,
}: {
  ids: readonly number[]
  children: ReactNode
}) {
  const { consoleServer } = useRuntimeConfig()
  if (consoleServer === undefined) return children
  return (
    <Team ids={ids} consoleServer={consoleServer}>
      {children}
    </Team>
  )
}

function Team({
  ids,
  consoleServer,
  children,
}: {
  ids: readonly number[]
  consoleServer: string
  children: ReactNode
}) {
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(() => api.at(consoleServer), [api, consoleServer])
  // Asked once the rows stay a moment: not at every keystroke of a search, whose answer they
  // would be drawn and sent with (a row's count shows a dash meanwhile). The list's first rows
  // are asked at once.
  const shown = useMemo(() => ids.map(String).slice(0, 1_000), [ids])
  const settled = useSettled(shown, shown.join(), SETTLE_MS)
  const asked = settled.length === 0 ? shown : settled
  const common = {
    enabled: asked.length > 0,
    throwOnError: false,
    placeholderData: keepPreviousData,
    // A count that cannot be read is shown as none: the list itself is the service's.
    retry: 1,
  }
  const notes = useQuery({
    ...common,
    queryKey: [...notesKey(db), 'counts', asked],
    queryFn: ({ signal }) => countNotes(server, 'event', asked, { signal, database: db }),
  })
  const open = useQuery({
    ...common,
    queryKey: [...presenceKey(db), 'rows', asked],
    queryFn: ({ signal }) => openByOthers(server, 'event', asked, { signal, database: db }),
  })
  const value = useMemo<RowTeam>(
    () => ({ notes: notes.data ?? NOTHING.notes, open: open.data ?? NOTHING.open }),
    [notes.data, open.data],
  )
  return <RowTeamContext value={value}>{children}</RowTeamContext>
}

/** The Notes cell of a row: how many notes the event has, a dash when none. */
export function NotesCountCell({ eventId }: { eventId: number }) {
  const team = use(RowTeamContext)
  const count = team?.notes[String(eventId)] ?? 0
  return (
    <td className={styles.notesCell}>
      {count > 0 ? (
        <span aria-label={`${count} ${count === 1 ? 'note' : 'notes'}`}>{count}</span>
      ) : (
        <span className={styles.none} aria-label="No notes">
          —
        </span>
      )}
    </td>
  )
}

/** An eye beside a row's subject when others have the event open, naming them. */
export function OpenByOthers({ eventId }: { eventId: number }) {
  const team = use(RowTeamContext)
  const { personName } = useDirectory()
  const openers = team?.open[String(eventId)]
  if (!openers?.length) return null
  const names = openers.map(
    (o) => `${o.userName ?? personName(o.userId)}${o.editing ? ' (editing)' : ''}`,
  )
  const label = `Open by ${names.join(', ')}`
  return (
    <span className={styles.openBy} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path
          d="M8 3C4.4 3 1.7 5.4.8 8c.9 2.6 3.6 5 7.2 5s6.3-2.4 7.2-5C14.3 5.4 11.6 3 8 3Zm0 8.2A3.2 3.2 0 1 1 8 4.8a3.2 3.2 0 0 1 0 6.4Zm0-1.7a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z"
          fill="currentColor"
        />
      </svg>
      {openers.some((o) => o.editing) && <span className={styles.openByEditing}>editing</span>}
    </span>
  )
}
