import { utcIso } from '../db/sql-time'
import { Hono } from 'hono'
import { z } from 'zod'
import { announce } from '../changes'
import type { Sql, Storage } from '../db/storage'
import { refusal, type Caller } from '../gate'
import { storableJson } from '../stored-text'

/*
 * Saved views of the events list, kept by the server per database: `GET /console-api/views` (the
 * caller's own and those shared with them), `POST /console-api/views` (a new one, the caller's),
 * `PUT`/`DELETE /console-api/views/{id}` (its owner alone). A view is a name and the list's state
 * (sort, page size, columns, filters as URL parameters: never free text, which may name a member);
 * its owner may share it with everyone or with a user group of theirs, and the others see it,
 * open it and copy it, never change it. Every change is announced on the stream (kind `view`).
 */

export const MAX_VIEW_NAME = 60
/** How many views one user may keep in one database. */
export const MAX_VIEWS_PER_USER = 200

export const viewsMigration = {
  version: 18,
  name: 'saved list views, shared with a group or everyone',
  sql: `
    CREATE TABLE saved_views (
      id bigserial PRIMARY KEY,
      database text NOT NULL,
      owner_id text NOT NULL,
      owner_name text,
      name text NOT NULL,
      state jsonb NOT NULL,
      shared_with text NOT NULL DEFAULT 'none'
        CHECK (shared_with IN ('none', 'everyone', 'group')),
      group_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((shared_with = 'group') = (group_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX saved_views_owner_name ON saved_views (database, owner_id, lower(name));
    CREATE INDEX saved_views_shared ON saved_views (database, shared_with, group_id);
  `,
}

// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/

const stateSchema = z.strictObject({
  sort: z.string().max(200),
  size: z.int().min(1).max(500),
  columns: z.array(z.string().max(64)).max(40),
  /** The list's filters as URL parameters. */
  filters: z.string().max(4_000).optional(),
  /** The calendar's filters, whatever shape the calendar gives them (kept small). */
  calendar: z
    .record(z.string().max(64), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 4_000, { error: 'is too large' })
    .optional(),
})

const sharingSchema = z.discriminatedUnion('with', [
  z.strictObject({ with: z.literal('none') }),
  z.strictObject({ with: z.literal('everyone') }),
  z.strictObject({ with: z.literal('group'), groupId: z.int().min(0).max(2_147_483_647) }),
])

const viewSchema = z.strictObject({
  name: z
    .string()
    .transform((text) => text.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'is empty' })
        .max(MAX_VIEW_NAME, { error: `is longer than ${MAX_VIEW_NAME} characters` })
        .refine((text) => !CONTROL.test(text), { error: 'holds control characters' }),
    ),
  state: stateSchema,
  sharing: sharingSchema,
})

export type Sharing = z.infer<typeof sharingSchema>

type ViewRow = {
  id: string
  owner_id: string
  owner_name: string | null
  name: string
  state: unknown
  shared_with: 'none' | 'everyone' | 'group'
  group_id: number | null
  updated_at: string
}

const VIEW_COLUMNS = `id, owner_id, owner_name, name, state, shared_with, group_id,
  ${utcIso('updated_at')} AS updated_at`

const viewOf = (r: ViewRow, caller: Caller) => ({
  id: String(r.id),
  name: r.name,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  /** Whether the caller owns it (and alone may change, share or delete it). */
  owned: r.owner_id === caller.userId,
  state: r.state,
  sharing:
    r.shared_with === 'group'
      ? { with: 'group' as const, groupId: r.group_id! }
      : { with: r.shared_with },
  updatedAt: r.updated_at,
})

const answer = (data: unknown) => ({
  data,
  error: null,
  debug: { activityID: crypto.randomUUID() },
})

const where = (error: z.ZodError) =>
  error.issues
    .map((i) => `${i.path.join('.') || 'body'} ${/^[a-z]/.test(i.message) ? i.message : ''}`.trim())
    .join('; ')

/** Whether the caller may share with `sharing`: a group only of their own (an admin, any). */
function mayShare(caller: Caller, sharing: Sharing) {
  return (
    sharing.with !== 'group' ||
    caller.groups.includes(sharing.groupId) ||
    caller.roles.includes('admin')
  )
}

const changed = (database: string, id: string) => ({
  database,
  kind: 'view' as const,
  id,
  update_Date: null,
  op: 'upsert' as const,
})

/** The view a caller may see (their own or shared with them), locked when `forUpdate`. */
async function visibleView(sql: Sql, caller: Caller, id: string) {
  const { rows } = await sql.query<ViewRow>(
    `SELECT ${VIEW_COLUMNS} FROM saved_views
     WHERE id = $1 AND database = $2 AND (owner_id = $3 OR shared_with = 'everyone'
       OR (shared_with = 'group' AND group_id = ANY($4::int[])))
     FOR UPDATE`,
    [Number(id), caller.database, caller.userId, caller.groups],
  )
  return rows[0]
}

/** A refusal a transaction settled on. */
type Refused = { status: 403 | 404 | 409; detail: string }

const nameTaken = (name: string) =>
  `You already have a view named “${name}”: choose another name, or change that one.`

export function viewRoutes(storage: Storage) {
  const app = new Hono<{ Variables: { caller: Caller } }>()

  /** The view a request's body describes, or why it is refused (a bad body, a group not theirs). */
  async function bodyOf(
    c: { req: { json(): Promise<unknown> } },
    caller: Caller,
  ): Promise<z.output<typeof viewSchema> | { status: 400 | 403; detail: string }> {
    const parsed = viewSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success)
      return {
        status: 400,
        detail: `The view is not one the server keeps: ${where(parsed.error)}.`,
      }
    if (!mayShare(caller, parsed.data.sharing))
      return { status: 403, detail: 'A view can be shared only with a group you belong to.' }
    return parsed.data
  }

  app.get('/views', async (c) => {
    const caller = c.get('caller')
    const { rows } = await storage.query<ViewRow>(
      `SELECT ${VIEW_COLUMNS} FROM saved_views
       WHERE database = $1 AND (owner_id = $2 OR shared_with = 'everyone'
         OR (shared_with = 'group' AND group_id = ANY($3::int[])))
       ORDER BY owner_id <> $2, lower(name), id
       LIMIT 1000`,
      [caller.database, caller.userId, caller.groups],
    )
    return c.json(answer({ views: rows.map((r) => viewOf(r, caller)) }))
  })

  /** One user's views are written one at a time: the count and the names are checked safely. */
  const lockViewsOf = (tx: Sql, caller: Caller) =>
    tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `views:${caller.database}:${caller.userId}`,
    ])

  app.post('/views', async (c) => {
    const caller = c.get('caller')
    const body = await bodyOf(c, caller)
    if ('detail' in body) return c.json(refusal(body.status, body.detail), body.status)
    const { name, state, sharing } = body
    const result = await storage.transaction(async (tx): Promise<Refused | { view: ViewRow }> => {
      await lockViewsOf(tx, caller)
      const { rows: counted } = await tx.query<{ n: string; taken: boolean }>(
        `SELECT count(*) AS n, bool_or(lower(name) = lower($3)) AS taken FROM saved_views
         WHERE database = $1 AND owner_id = $2`,
        [caller.database, caller.userId, name],
      )
      if (counted[0]!.taken) return { status: 409 as const, detail: nameTaken(name) }
      if (Number(counted[0]!.n) >= MAX_VIEWS_PER_USER)
        return {
          status: 409 as const,
          detail: `You keep ${MAX_VIEWS_PER_USER} views already: delete one first.`,
        }
      const { rows } = await tx.query<ViewRow>(
        `INSERT INTO saved_views (database, owner_id, owner_name, name, state, shared_with, group_id)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING ${VIEW_COLUMNS}`,
        [
          caller.database,
          caller.userId,
          caller.name,
          name,
          storableJson(state),
          sharing.with,
          sharing.with === 'group' ? sharing.groupId : null,
        ],
      )
      await announce(tx, [changed(caller.database, rows[0]!.id)])
      return { view: rows[0]! }
    })
    if ('detail' in result) return c.json(refusal(result.status, result.detail), result.status)
    return c.json(answer(viewOf(result.view, caller)), 201)
  })

  app.put('/views/:id', async (c) => {
    const caller = c.get('caller')
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json(refusal(400, 'That is not a view ID.'), 400)
    const body = await bodyOf(c, caller)
    if ('detail' in body) return c.json(refusal(body.status, body.detail), body.status)
    const { name, state, sharing } = body
    const result = await storage.transaction(async (tx): Promise<Refused | { view: ViewRow }> => {
      // Two renames to one name at once: the second waits, then finds the name taken.
      await lockViewsOf(tx, caller)
      const view = await visibleView(tx, caller, id)
      if (!view) return { status: 404 as const, detail: 'There is no such view.' }
      if (view.owner_id !== caller.userId)
        return {
          status: 403 as const,
          detail: 'Only its owner may change a view; copy it instead.',
        }
      const { rows: clash } = await tx.query(
        `SELECT 1 FROM saved_views WHERE database = $1 AND owner_id = $2 AND lower(name) = lower($3)
           AND id <> $4`,
        [caller.database, caller.userId, name, Number(id)],
      )
      if (clash.length > 0) return { status: 409 as const, detail: nameTaken(name) }
      const { rows } = await tx.query<ViewRow>(
        `UPDATE saved_views SET name = $2, state = $3::jsonb, shared_with = $4, group_id = $5,
           owner_name = $6, updated_at = now()
         WHERE id = $1 RETURNING ${VIEW_COLUMNS}`,
        [
          Number(id),
          name,
          storableJson(state),
          sharing.with,
          sharing.with === 'group' ? sharing.groupId : null,
          caller.name,
        ],
      )
      await announce(tx, [changed(caller.database, id)])
      return { view: rows[0]! }
    })
    if ('detail' in result) return c.json(refusal(result.status, result.detail), result.status)
    return c.json(answer(viewOf(result.view, caller)))
  })

  app.delete('/views/:id', async (c) => {
    const caller = c.get('caller')
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json(refusal(400, 'That is not a view ID.'), 400)
    const result = await storage.transaction(async (tx): Promise<Refused | { deleted: true }> => {
      const view = await visibleView(tx, caller, id)
      if (!view) return { status: 404 as const, detail: 'There is no such view.' }
      if (view.owner_id !== caller.userId)
        return { status: 403 as const, detail: 'Only its owner may delete a view.' }
      await tx.query('DELETE FROM saved_views WHERE id = $1', [Number(id)])
      await announce(tx, [changed(caller.database, id)])
      return { deleted: true as const }
    })
    if ('detail' in result) return c.json(refusal(result.status, result.detail), result.status)
    return c.body(null, 204)
  })
  return app
}
