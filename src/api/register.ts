import type { ApiClient, RequestOptions } from './client'
import { authSchema } from './schemas/auth'
import { z } from './schemas/zod'

/*
 * The console server's auth register (`/console-api/auths/...`): the auths it has met, listed,
 * exported, the CMS-0057-F report (the audit's roles), and the caller's breach alerts.
 */

export const REGISTER_CLOCKS = ['overdue', 'soon', 'on-time', 'no-clock', 'decided'] as const
export type RegisterClock = (typeof REGISTER_CLOCKS)[number]
export const MET_WAYS = ['lookup', 'console', 'event', 'import'] as const

export interface RegisterFilter {
  clock?: RegisterClock[]
  urgent?: boolean
  status?: string[]
  /** A user ID; '' for auths nobody holds. */
  assignee?: string
  provider?: string
  member?: string
  number?: string
  receivedFrom?: number
  receivedTo?: number
}

export type RegisterSortField = 'due' | 'received' | 'number' | 'status' | 'assignee' | 'met'

export interface RegisterQuery {
  filter: RegisterFilter
  now: number
  sort: { field: RegisterSortField; direction: 'asc' | 'desc' }
  offset: number
  limit: number
}

const rowSchema = z.object({
  auth: authSchema,
  metAt: z.string(),
  metBy: z.string(),
  dueMs: z.nullable(z.number()),
  gone: z.boolean(),
})
export type RegisterRow = z.infer<typeof rowSchema>

const pageSchema = z.object({
  rows: z.array(z.unknown()),
  total: z.number(),
  since: z.nullable(z.string()),
  metBy: z.record(z.string(), z.number()),
  statuses: z.array(z.string()),
  warnHours: z.number(),
})
/** A page of the register: the rows the contract reads, and how many it could not. */
export type RegisterPage = Omit<z.infer<typeof pageSchema>, 'rows'> & {
  rows: RegisterRow[]
  unreadable: number
}

export const queryRegister = (
  server: ApiClient,
  query: RegisterQuery,
  options: RequestOptions = {},
): Promise<RegisterPage> =>
  server
    .request(
      {
        name: 'queryRegister',
        method: 'POST',
        path: 'auths/register',
        body: query,
        schema: pageSchema,
      },
      options,
    )
    .then((page) => {
      // One auth the contract cannot read is left out and counted, never the whole page.
      const rows = page.rows.flatMap((r) => {
        const parsed = rowSchema.safeParse(r)
        return parsed.success ? [parsed.data] : []
      })
      return { ...page, rows, unreadable: page.rows.length - rows.length }
    })

const exportRowSchema = z.object({
  number: z.nullable(z.string()),
  member: z.nullable(z.string()),
  memberSeq: z.nullable(z.string()),
  provider: z.nullable(z.string()),
  status: z.nullable(z.string()),
  code: z.nullable(z.string()),
  urgent: z.boolean(),
  assignee: z.nullable(z.string()),
  received: z.nullable(z.string()),
  dueMs: z.nullable(z.number()),
  clock: z.string(),
  serviceType: z.nullable(z.string()),
  metAt: z.string(),
  metBy: z.string(),
})
export type RegisterExportRow = z.infer<typeof exportRowSchema>

export const exportRegister = (
  server: ApiClient,
  query: Omit<RegisterQuery, 'offset' | 'limit'>,
  options: RequestOptions = {},
) =>
  server.request(
    {
      name: 'exportRegister',
      method: 'POST',
      path: 'auths/register/export',
      body: query,
      schema: z.array(exportRowSchema),
    },
    options,
  )

const metricSchema = z.object({ numerator: z.number(), denominator: z.number() })
const figuresSchema = z.object({
  requests: z.number(),
  approved: metricSchema,
  denied: metricSchema,
  approvedAfterAppeal: metricSchema,
  approvedAfterExtension: metricSchema,
  averageHours: z.nullable(z.number()),
  medianHours: z.nullable(z.number()),
  timed: z.number(),
})
const reportSchema = z.object({
  period: z.object({ year: z.number(), month: z.optional(z.number()) }),
  standard: figuresSchema,
  expedited: figuresSchema,
  leftOut: z.object({
    notObserved: z.number(),
    closedWithoutDecision: z.number(),
    drugs: z.number(),
    noReceivedDate: z.number(),
  }),
  months: z.array(
    z.object({
      month: z.number(),
      decisions: z.number(),
      onTime: z.number(),
      withClock: z.number(),
    }),
  ),
  drugServiceTypes: z.array(z.string()),
})
export type CmsReportAnswer = z.infer<typeof reportSchema>

export const getCmsReport = (
  server: ApiClient,
  period: { year: number; month?: number | undefined },
  options: RequestOptions = {},
) =>
  server.request(
    {
      name: 'getCmsReport',
      method: 'GET',
      path: 'auths/report',
      query: { year: period.year, month: period.month },
      schema: reportSchema,
    },
    options,
  )
