import { utcIso } from '../db/sql-time'
import { Hono } from 'hono'
import { z } from 'zod'
import { recordAudit } from '../audit'
import { announce } from '../changes'
import type { Storage } from '../db/storage'
import { refusal, type Caller } from '../gate'
import { scopeSql, type Scope, type ScopeFor } from '../scope'
import { recordInScope, recordOf } from './history'

/*
 * Internal notes on events and auths, kept by the server and never sent to the service:
 * `GET`/`POST /console-api/notes/{event|auth}/{id}`, `PATCH /console-api/notes/{noteId}` (its
 * author, within `NOTE_EDIT_MINUTES` of writing it), `GET /console-api/notes/mentions` (the notes
 * naming the caller, for their bell), `POST /console-api/notes/counts` (how many each record has,
 * for a list). A note is plain text: shown as text, never as HTML. Each `@userId` in it puts it in
 * that user's bell; every change of a record's notes is announced on the stream (kind `note`, the
 * record's kind and ID, never the text). Writes are recorded in the audit.
 */

/** The longest note. */
export const NOTE_MAX_CHARS = 4_000
/** How long after writing it a note may be changed by its author. */
export const NOTE_EDIT_MINUTES = 15

export const notesMigration = {
  version: 15,
  name: 'internal notes on events and auths',
  sql: `
    CREATE TABLE notes (
      id bigserial PRIMARY KEY,
      database text NOT NULL,
      record_type text NOT NULL,
      record_id text NOT NULL,
      author_id text NOT NULL,
      author_name text,
      body text NOT NULL,
      mentions text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      edited_at timestamptz
    );
    CREATE INDEX notes_by_record ON notes (database, record_type, record_id, id);
    CREATE INDEX notes_by_mention ON notes USING gin (mentions);
  `,
}

/** A note sent twice (its answer lost, the form sent again) is kept once: by the key it carries. */
export const noteKeyMigration = {
  version: 19,
  name: 'a note kept once per key its author sends',
  sql: `
    ALTER TABLE notes ADD COLUMN client_key text;
    CREATE UNIQUE INDEX notes_client_key ON notes (database, author_id, client_key)
      WHERE client_key IS NOT NULL;
  `,
}

// Text only: no control characters but line breaks and tabs.
const noteBody = z
  .string()
  .transform((text) => text.trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'is empty' })
      .max(NOTE_MAX_CHARS, { error: `is longer than ${NOTE_MAX_CHARS} characters` })
      // eslint-disable-next-line no-control-regex -- finding them is the point
      .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text), {
        error: 'holds control characters',
      }),
  )

const noteSchema = z.strictObject({
  body: noteBody,
  /**
   * The text the edit was begun from: when the note holds another by now (changed in another
   * tab), the edit is refused rather than losing that change. Without it, the last edit wins.
   */
  was: z.string().max(NOTE_MAX_CHARS).optional(),
})
const newNoteSchema = z.strictObject({
  body: noteBody,
  /** The form's own key for this note: sent again, the note is not kept twice. */
  key: z
    .string()
    .regex(/^[\w-]{8,64}$/, { error: 'is 8 to 64 letters, digits, _ or -' })
    .optional(),
})
export const countsSchema = z.strictObject({
  kind: z.enum(['event', 'auth']),
  ids: z.array(z.string().max(64)).max(1_000),
})

/** The user IDs a note names (`@staff`), each once. */
export function mentionsIn(text: string): string[] {
  return [
    ...new Set([...text.matchAll(/(?:^|[^\w@])@([A-Za-z0-9][\w.-]{0,63})/g)].map((m) => m[1]!)),
  ]
}

type NoteRow = {
  id: string
  record_type: string
  record_id: string
  author_id: string
  author_name: string | null
  body: string
  mentions: string[]
  created_at: string
  edited_at: string | null
  editable: boolean
}

const NOTE_COLUMNS = `id, record_type, record_id, author_id, author_name, body, mentions,
  ${utcIso('created_at')} AS created_at,
  ${utcIso('edited_at')} AS edited_at,
  created_at > now() - interval '${NOTE_EDIT_MINUTES} minutes' AS editable`

const noteOf = (r: NoteRow, caller: Caller) => ({
  id: Number(r.id),
  recordType: r.record_type,
  recordId: r.record_id,
  authorId: r.author_id,
  authorName: r.author_name,
  body: r.body,
  mentions: r.mentions,
  createdAt: r.created_at,
  editedAt: r.edited_at,
  /** Whether the caller may still change it: theirs, and young enough. */
  editable: r.editable && r.author_id === caller.userId,
})

const answer = (data: unknown) => ({
  data,
  error: null,
  debug: { activityID: crypto.randomUUID() },
})

function problemAt(error: z.ZodError) {
  return error.issues
    .map((i) => `${i.path.join('.') || 'body'} ${/^[a-z]/.test(i.message) ? i.message : ''}`.trim())
    .join('; ')
}

/**
 * Rows of `table` (with `database`, `record_type`, `record_id`) naming events outside the
 * caller's scope left out (auths are not scoped).
 */
export function inScopeSql(scope: Scope | null, firstParam: number, table = 'notes') {
  if (!scope) return { where: 'true', params: [] as unknown[] }
  const within = scopeSql(scope, firstParam)
  return {
    where: `(${table}.record_type <> 'event' OR EXISTS (SELECT 1 FROM mirror_events
      WHERE mirror_events.database = ${table}.database
        AND mirror_events.event_id::text = ${table}.record_id AND ${within.where}))`,
    params: within.params,
  }
}

export function noteRoutes(storage: Storage, scopeFor: ScopeFor = () => null) {
  const app = new Hono<{ Variables: { caller: Caller } }>()

  /** The record of the route, or the answer refusing it. */
  async function recordFor(caller: Caller, kind: string, id: string) {
    const record = recordOf(kind, id)
    if (typeof record === 'string') return { refused: refusal(400, record), status: 400 as const }
    if (!(await recordInScope(storage, scopeFor(caller), caller.database, record.kind, record.id)))
      return { refused: refusal(404, 'There is no such event.'), status: 404 as const }
    return { record }
  }

  app.get('/notes/mentions', async (c) => {
    const caller = c.get('caller')
    const within = inScopeSql(scopeFor(caller), 3)
    const { rows } = await storage.query<NoteRow>(
      `SELECT ${NOTE_COLUMNS} FROM notes
       WHERE database = $1 AND mentions @> ARRAY[$2]::text[] AND author_id <> $2
         AND created_at > now() - interval '30 days' AND ${within.where}
       ORDER BY id DESC LIMIT 50`,
      [caller.database, caller.userId, ...within.params],
    )
    return c.json(answer({ notes: rows.map((r) => noteOf(r, caller)) }))
  })

  app.post('/notes/counts', async (c) => {
    const caller = c.get('caller')
    const parsed = countsSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success)
      return c.json(
        refusal(400, `The question is not one the server reads (at ${problemAt(parsed.error)}).`),
        400,
      )
    const within = inScopeSql(scopeFor(caller), 4)
    const { rows } = await storage.query<{ record_id: string; n: string }>(
      `SELECT record_id, count(*) AS n FROM notes
       WHERE database = $1 AND record_type = $2 AND record_id = ANY($3::text[])
         AND ${within.where}
       GROUP BY record_id`,
      [caller.database, parsed.data.kind, parsed.data.ids, ...within.params],
    )
    return c.json(
      answer({ counts: Object.fromEntries(rows.map((r) => [r.record_id, Number(r.n)])) }),
    )
  })

  app.get('/notes/:kind/:id', async (c) => {
    const caller = c.get('caller')
    const found = await recordFor(caller, c.req.param('kind'), c.req.param('id'))
    if (!found.record) return c.json(found.refused, found.status)
    const { rows } = await storage.query<NoteRow>(
      `SELECT ${NOTE_COLUMNS} FROM notes
       WHERE database = $1 AND record_type = $2 AND record_id = $3 ORDER BY id DESC LIMIT 500`,
      [caller.database, found.record.kind, found.record.id],
    )
    return c.json(answer({ notes: rows.map((r) => noteOf(r, caller)) }))
  })

  app.post('/notes/:kind/:id', async (c) => {
    const caller = c.get('caller')
    const found = await recordFor(caller, c.req.param('kind'), c.req.param('id'))
    if (!found.record) return c.json(found.refused, found.status)
    const parsed = newNoteSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success)
      return c.json(
        refusal(400, `The note is not one the server keeps: ${problemAt(parsed.error)}.`),
        400,
      )
    const { kind, id } = found.record
    const { body, key = null } = parsed.data
    const result = await storage.transaction(async (tx) => {
      const { rows } = await tx.query<NoteRow>(
        `INSERT INTO notes (database, record_type, record_id, author_id, author_name, body, mentions,
           client_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8)
         ON CONFLICT (database, author_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
         RETURNING ${NOTE_COLUMNS}`,
        [caller.database, kind, id, caller.userId, caller.name, body, mentionsIn(body), key],
      )
      if (rows[0]) {
        await noted(tx, caller, kind, id, 'POST /console-api/notes', { after: body })
        return { row: rows[0], created: true }
      }
      // Sent before: the note kept then is the answer, if it is the same note.
      const { rows: kept } = await tx.query<NoteRow & { same: boolean }>(
        `SELECT ${NOTE_COLUMNS}, (record_type = $4 AND record_id = $5 AND body = $6) AS same
         FROM notes WHERE database = $1 AND author_id = $2 AND client_key = $3`,
        [caller.database, caller.userId, key, kind, id, body],
      )
      return { row: kept[0]!, created: false, same: kept[0]!.same }
    })
    if (result.created) return c.json(answer(noteOf(result.row, caller)), 201)
    if (!result.same)
      return c.json(refusal(409, 'That key was sent with another note: send a new key.'), 409)
    return c.json(answer(noteOf(result.row, caller)), 200)
  })

  app.patch('/notes/:noteId', async (c) => {
    const caller = c.get('caller')
    const noteId = c.req.param('noteId')
    if (!/^\d{1,15}$/.test(noteId)) return c.json(refusal(400, 'That is not a note ID.'), 400)
    const parsed = noteSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success)
      return c.json(
        refusal(400, `The note is not one the server keeps: ${problemAt(parsed.error)}.`),
        400,
      )
    const { body, was } = parsed.data
    const result = await storage.transaction(async (tx) => {
      const { rows } = await tx.query<NoteRow>(
        `SELECT ${NOTE_COLUMNS} FROM notes WHERE id = $1 AND database = $2 FOR UPDATE`,
        [Number(noteId), caller.database],
      )
      const note = rows[0]
      if (!note) return { status: 404 as const, detail: 'There is no such note.' }
      if (note.author_id !== caller.userId)
        return { status: 403 as const, detail: 'Only its author may change a note.' }
      if (!note.editable)
        return {
          status: 409 as const,
          detail: `A note can be changed for ${NOTE_EDIT_MINUTES} minutes after it was written; this one is now fixed.`,
        }
      if (was !== undefined && was.trim() !== note.body)
        return {
          status: 409 as const,
          detail:
            'The note was changed since you began this edit (in another tab?): cancel to read it, then edit it again.',
        }
      const { rows: changed } = await tx.query<NoteRow>(
        `UPDATE notes SET body = $2, mentions = $3::text[], edited_at = now() WHERE id = $1
         RETURNING ${NOTE_COLUMNS}`,
        [Number(noteId), body, mentionsIn(body)],
      )
      await noted(
        tx,
        caller,
        note.record_type as 'event' | 'auth',
        note.record_id,
        'PATCH /console-api/notes/{noteId}',
        {
          before: note.body,
          after: body,
        },
      )
      return { note: changed[0]! }
    })
    if (!('note' in result)) return c.json(refusal(result.status, result.detail), result.status)
    return c.json(answer(noteOf(result.note!, caller)))
  })
  return app
}

/** Records a note's writing in the audit and tells every stream of the record's notes. */
async function noted(
  tx: Parameters<typeof recordAudit>[0],
  caller: Caller,
  kind: 'event' | 'auth',
  id: string,
  operation: string,
  text: { before?: string; after: string },
) {
  await recordAudit(tx, [
    {
      userId: caller.userId,
      userName: caller.name,
      action: 'write',
      operation,
      database: caller.database,
      recordType: kind,
      recordId: id,
      changes: { note: { before: text.before ?? null, after: text.after } },
      status: 200,
      activityId: null,
      detail: { note: true },
    },
  ])
  await announce(tx, [
    {
      database: caller.database,
      kind: 'note',
      id: `${kind}:${id}`,
      update_Date: null,
      op: 'upsert',
    },
  ])
}
