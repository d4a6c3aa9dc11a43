import { useId, useMemo, useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi, useDatabase } from '@/api/api-context'
import type { ApiClient } from '@/api/client'
import { addNote, editNote, listNotes, NOTE_MAX, type Note } from '@/api/notes'
import { notesKey } from '@/api/query-keys'
import { describeError } from '@/components/errors/describe-error'
import { Button } from '@/components/ui/button'
import { TextAreaField } from '@/components/ui/textarea-field'
import { useRuntimeConfig } from '@/lib/app-context'
import { formatDayAndClock } from '@/lib/format/format'
import styles from './record-notes.module.css'

/**
 * A record's internal notes, kept by the console server and never sent to the service: newest
 * first, each with its author and time, the author's own editable for 15 minutes; a form to add
 * one, where `@userId` puts it in that person's bell. Plain text: shown as typed, never as HTML.
 * Shown only with the console server.
 */
const newKey = () => crypto.randomUUID()

export function RecordNotes({ kind, id }: { kind: 'event' | 'auth'; id: string }) {
  const { consoleServer } = useRuntimeConfig()
  if (consoleServer === undefined) return null
  return <Notes kind={kind} id={id} consoleServer={consoleServer} />
}

function Notes({
  kind,
  id,
  consoleServer,
}: {
  kind: 'event' | 'auth'
  id: string
  consoleServer: string
}) {
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(() => api.at(consoleServer), [api, consoleServer])
  const queryClient = useQueryClient()
  const key = [...notesKey(db), kind, id]
  const notes = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listNotes(server, kind, id, { signal, database: db }),
    gcTime: 0,
    throwOnError: false,
  })
  const [text, setText] = useState('')
  // One key per note written: sent again after a lost answer, the server keeps it once.
  const [noteKey, setNoteKey] = useState(newKey)
  const add = useMutation({
    mutationFn: (body: string) => addNote(server, kind, id, body, noteKey, { database: db }),
    onSuccess: () => {
      setText('')
      setNoteKey(newKey())
      return queryClient.invalidateQueries({ queryKey: notesKey(db) })
    },
  })
  const titleId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() === '') return
    add.mutate(text)
  }
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Notes
      </h2>
      <form className={styles.form} onSubmit={submit}>
        <TextAreaField
          label="Add a note"
          hint="Kept by the console for the team, never sent to the service. @userId tells that person."
          rows={3}
          value={text}
          maxLength={NOTE_MAX}
          count={{ length: text.length, max: NOTE_MAX }}
          error={add.isError ? describeError(add.error).message : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="primary" disabled={add.isPending || text.trim() === ''}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </Button>
      </form>
      {notes.isPending ? (
        <p className={styles.muted}>Reading the notes…</p>
      ) : notes.isError ? (
        <p className={styles.muted} role="status">
          The notes could not be read.
        </p>
      ) : notes.data.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <ol className={styles.list} aria-label="Notes, newest first">
          {notes.data.map((note) => (
            <NoteItem key={note.id} note={note} server={server} db={db} />
          ))}
        </ol>
      )}
    </section>
  )
}

function NoteItem({ note, server, db }: { note: Note; server: ApiClient; db: string }) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<string | null>(null)
  // The text the edit began from: the server refuses the save if the note holds another by now.
  const [editedFrom, setEditedFrom] = useState('')
  const save = useMutation({
    mutationFn: (body: string) => editNote(server, note.id, body, editedFrom, { database: db }),
    onSuccess: () => {
      setDraft(null)
      return queryClient.invalidateQueries({ queryKey: notesKey(db) })
    },
  })
  return (
    <li className={styles.note}>
      <p className={styles.meta}>
        <strong>{note.authorName ?? note.authorId}</strong> ·{' '}
        <time dateTime={note.createdAt}>{formatDayAndClock(new Date(note.createdAt))}</time>
        {note.editedAt && ' · edited'}
      </p>
      {draft === null ? (
        <>
          <p className={styles.body}>{note.body}</p>
          {note.editable && (
            <Button
              size="small"
              variant="ghost"
              onClick={() => {
                setEditedFrom(note.body)
                setDraft(note.body)
              }}
            >
              Edit note
            </Button>
          )}
        </>
      ) : (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault()
            save.mutate(draft)
          }}
        >
          <TextAreaField
            label="Note"
            rows={3}
            value={draft}
            maxLength={NOTE_MAX}
            error={save.isError ? describeError(save.error).message : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <span>
            <Button type="submit" size="small" variant="primary" disabled={save.isPending}>
              Save note
            </Button>{' '}
            <Button
              size="small"
              variant="ghost"
              onClick={() => {
                save.reset()
                setDraft(null)
              }}
            >
              Cancel
            </Button>
          </span>
        </form>
      )}
    </li>
  )
}
