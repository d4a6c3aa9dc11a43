import type { ApiClient, RequestOptions } from './client'
import { z } from './schemas/zod'

/*
 * The console server's audit record (`/console-api/audit/…`): entries found by a search, newest
 * first a page at a time, and whether the record's hash chain is whole.
 */

const changeSchema = z.object({ before: z.unknown(), after: z.unknown() })

export const auditEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  userId: z.nullable(z.string()),
  userName: z.nullable(z.string()),
  action: z.string(),
  operation: z.string(),
  recordType: z.nullable(z.string()),
  recordId: z.nullable(z.string()),
  changes: z.nullable(z.record(z.string(), changeSchema)),
  status: z.nullable(z.int()),
  activityId: z.nullable(z.string()),
  detail: z.nullable(z.record(z.string(), z.unknown())),
})

export type AuditEntry = z.infer<typeof auditEntrySchema>

/**
 * The service's session operations as the audit record names them: signing in, renewing a
 * session, signing out, ending someone's session. The search's kind `session` finds these, and
 * `write` (changed) leaves them out.
 */
export const SESSION_OPERATIONS = [
  'POST /user-authentication',
  'POST /user-refresh-tokens',
  'POST /logout',
  'POST /kick',
  'POST /kick/{userId}',
] as const

export type SessionOperation = (typeof SESSION_OPERATIONS)[number]

const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next: z.nullable(z.int()),
})

export type AuditPage = z.infer<typeof auditPageSchema>

/** What the Audit page searches by (each optional; the server reads them as `auditQuerySchema`). */
export interface AuditSearch {
  user?: string
  recordType?: 'event' | 'auth'
  recordId?: string
  member?: string
  operation?: string
  /** Viewed a record, changed one, or a session operation (`SESSION_OPERATIONS`). */
  action?: 'read' | 'write' | 'session'
  /** ISO instants. */
  from?: string
  to?: string
}

export const chainReportSchema = z.object({
  whole: z.boolean(),
  entries: z.int(),
  firstId: z.nullable(z.int()),
  lastId: z.nullable(z.int()),
  head: z.string(),
  break: z.nullable(z.object({ id: z.int(), reason: z.string(), message: z.string() })),
})

export type ChainReport = z.infer<typeof chainReportSchema>

/** One page of entries matching `search`, older than entry `before` when given. */
export function searchAudit(
  server: ApiClient,
  search: AuditSearch,
  page: { before?: number; limit?: number },
  options: RequestOptions = {},
): Promise<AuditPage> {
  const body: Record<string, unknown> = {}
  for (const [key, value] of Object.entries({ ...search, ...page }))
    if (value !== undefined && value !== '') body[key] = value
  // In the body: a member's ID never sits in an address.
  return server.request(
    { name: 'searchAudit', method: 'POST', path: 'audit/search', body, schema: auditPageSchema },
    options,
  )
}

/** Walks the whole chain on the server (seconds for a large record). */
export function verifyAudit(server: ApiClient, options: RequestOptions = {}): Promise<ChainReport> {
  return server.request(
    { name: 'verifyAudit', method: 'GET', path: 'audit/verify', schema: chainReportSchema },
    { timeoutMs: 120_000, ...options },
  )
}
