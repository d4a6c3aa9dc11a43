import { useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import { othersHere, sayHere, type Present } from '@/api/presence'
import { presenceKey } from '@/api/query-keys'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useRuntimeConfig } from '@/lib/app-context'
import { formatRelative } from '@/lib/relative-date'
import { TAB_ID } from '@/lib/tab-id'
import styles from './record-presence.module.css'

/** How often a tab says again that it has the record open (the server forgets it after 45 s). */
const SAY_EVERY_MS = 15_000

const nameOf = (p: Present) => p.userName ?? p.userId

/** "Pat Support is editing — opened 2 min ago", "Sam Staff is viewing". */
export function presenceLine(p: Present, now: Date) {
  const since = formatRelative(new Date(p.editingSince ?? p.openedAt), now)
  return p.editing
    ? `${nameOf(p)} is editing — opened ${since}`
    : `${nameOf(p)} is viewing — opened ${since}`
}

/**
 * Who else has this record open, and who is editing it, from the console server; and this tab
 * said to be here (viewing, or `editing`) for as long as it is mounted. On an edit page
 * (`editing`), someone else already editing is asked about first. Nothing without the server.
 */
export function RecordPresence(props: { kind: 'event' | 'auth'; id: string; editing?: boolean }) {
  const { consoleServer } = useRuntimeConfig()
  if (consoleServer === undefined) return null
  return <Presence {...props} consoleServer={consoleServer} />
}

function Presence({
  kind,
  id,
  editing = false,
  consoleServer,
}: {
  kind: 'event' | 'auth'
  id: string
  editing?: boolean
  consoleServer: string
}) {
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(() => api.at(consoleServer), [api, consoleServer])

  useEffect(() => {
    const say = () =>
      void sayHere(server, { tab: TAB_ID, kind, id, editing }, { database: db }).catch(() => {})
    say()
    const timer = setInterval(say, SAY_EVERY_MS)
    // Leaving is said by the next record this tab opens, or by its stream ending (closed, locked,
    // signed out); a page without a record leaves within the server's 45 seconds.
    return () => clearInterval(timer)
  }, [server, db, kind, id, editing])

  const others = useQuery({
    queryKey: [...presenceKey(db), kind, id],
    queryFn: ({ signal }) => othersHere(server, kind, id, TAB_ID, { signal, database: db }),
    refetchInterval: 30_000,
    gcTime: 0,
    throwOnError: false,
  })
  const list = others.data ?? []
  const editors = list.filter((p) => p.editing)
  // Asked once, when the edit starts with someone else already at it.
  const [asked, setAsked] = useState<'pending' | 'asked' | 'answered'>('pending')
  if (editing && asked === 'pending' && others.isSuccess)
    setAsked(editors.length > 0 ? 'asked' : 'answered')
  const now = new Date()
  return (
    <>
      {list.length > 0 && (
        <ul className={styles.presence} aria-label="Others on this record">
          {list.map((p, i) => (
            <li key={`${p.userId}-${i}`} className={p.editing ? styles.editing : styles.viewing}>
              <span aria-hidden="true">{p.editing ? '✎' : '👁'}</span> {presenceLine(p, now)}
            </li>
          ))}
        </ul>
      )}
      {asked === 'asked' && (
        <ConfirmDialog
          open
          title={`${nameOf(editors[0]!)} is editing this ${kind}`}
          confirmLabel="Edit anyway"
          onConfirm={() => setAsked('answered')}
          onCancel={() => {
            setAsked('answered')
            history.back()
          }}
        >
          <p>
            {presenceLine(editors[0]!, now)}. If you both save, the second save is refused and has
            to be made again over the first. Cancel goes back.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}
