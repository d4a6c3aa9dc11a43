import type { ApiClient, RequestOptions } from './client'
import { z } from './schemas/zod'

/*
 * Internal notes on events and auths, kept by the console server (`/console-api/notes/…`), never
 * sent to the service. Plain text.
 */

export const noteSchema = z.object({
  id: z.int(),
  recordType: z.enum(['event', 'auth']),
  recordId: z.string(),
  authorId: z.string(),
  authorName: z.nullable(z.string()),
  body: z.string(),
  mentions: z.array(z.string()),
  createdAt: z.string(),
  editedAt: z.nullable(z.string()),
  editable: z.boolean(),
})

export type Note = z.infer<typeof noteSchema>

const notesSchema = z.object({ notes: z.array(noteSchema) })

/** The longest note the server keeps. */
export const NOTE_MAX = 4_000

export const listNotes = (
  server: ApiClient,
  kind: 'event' | 'auth',
  id: string,
  options: RequestOptions = {},
) =>
  server
    .request(
      {
        name: 'listNotes',
        method: 'GET',
        path: `notes/${kind}/${encodeURIComponent(id)}`,
        schema: notesSchema,
      },
      options,
    )
    .then((d) => d.notes)

/** Adds a note; `key` (the form's, kept until it succeeds) makes sending it again harmless. */
export const addNote = (
  server: ApiClient,
  kind: 'event' | 'auth',
  id: string,
  body: string,
  key: string,
  options: RequestOptions = {},
) =>
  server.request(
    {
      name: 'addNote',
      method: 'POST',
      path: `notes/${kind}/${encodeURIComponent(id)}`,
      body: { body, key },
      schema: noteSchema,
    },
    options,
  )

/**
 * Changes a note's text; `was` is the text the edit began from, so that an edit made meanwhile
 * (another tab) is refused (409) rather than lost.
 */
export const editNote = (
  server: ApiClient,
  noteId: number,
  body: string,
  was: string,
  options: RequestOptions = {},
) =>
  server.request(
    {
      name: 'editNote',
      method: 'PATCH',
      path: `notes/${noteId}`,
      body: { body, was },
      schema: noteSchema,
    },
    options,
  )

/** The notes naming the signed-in user (the last 30 days), newest first. */
export const listMentions = (server: ApiClient, options: RequestOptions = {}) =>
  server
    .request(
      { name: 'listMentions', method: 'GET', path: 'notes/mentions', schema: notesSchema },
      options,
    )
    .then((d) => d.notes)

/** How many notes each of these records (a list's page) has; a record without any is left out. */
export const countNotes = (
  server: ApiClient,
  kind: 'event' | 'auth',
  ids: readonly string[],
  options: RequestOptions = {},
) =>
  server
    .request(
      {
        name: 'countNotes',
        method: 'POST',
        path: 'notes/counts',
        body: { kind, ids },
        schema: z.object({ counts: z.record(z.string(), z.int()) }),
      },
      options,
    )
    .then((d) => d.counts)
