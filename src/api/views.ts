import type { ApiClient, RequestOptions } from './client'
import { noDataSchema } from './client'
import { z } from './schemas/zod'

/*
 * Saved list views kept by the console server (`/console-api/views`), per database: the caller's
 * own and those others shared with them (everyone, or a group of theirs). Only the owner changes,
 * shares or deletes one; the others open or copy it.
 */

export const sharingSchema = z.union([
  z.object({ with: z.literal('none') }),
  z.object({ with: z.literal('everyone') }),
  z.object({ with: z.literal('group'), groupId: z.int() }),
])

export type Sharing = z.infer<typeof sharingSchema>

/** The list's state a view keeps (the server checks it again). */
export interface ViewState {
  sort: string
  size: number
  columns: string[]
  filters?: string
  calendar?: Record<string, unknown>
}

export const serverViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerName: z.nullable(z.string()),
  owned: z.boolean(),
  state: z.unknown(),
  sharing: sharingSchema,
  updatedAt: z.string(),
})

export type ServerView = z.infer<typeof serverViewSchema>

export interface ViewBody {
  name: string
  state: ViewState
  sharing: Sharing
}

export const listServerViews = (server: ApiClient, options: RequestOptions = {}) =>
  server
    .request(
      {
        name: 'listViews',
        method: 'GET',
        path: 'views',
        schema: z.object({ views: z.array(serverViewSchema) }),
      },
      options,
    )
    .then((d) => d.views)

export const createServerView = (server: ApiClient, body: ViewBody, options: RequestOptions = {}) =>
  server.request(
    { name: 'createView', method: 'POST', path: 'views', body, schema: serverViewSchema },
    options,
  )

export const updateServerView = (
  server: ApiClient,
  id: string,
  body: ViewBody,
  options: RequestOptions = {},
) =>
  server.request(
    {
      name: 'updateView',
      method: 'PUT',
      path: `views/${encodeURIComponent(id)}`,
      body,
      schema: serverViewSchema,
    },
    options,
  )

export const deleteServerView = (server: ApiClient, id: string, options: RequestOptions = {}) =>
  server.request(
    {
      name: 'deleteView',
      method: 'DELETE',
      path: `views/${encodeURIComponent(id)}`,
      schema: noDataSchema,
    },
    options,
  )
