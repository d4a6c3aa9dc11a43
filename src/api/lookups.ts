import { useMemo } from 'react'
import { useApi } from './api-context'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient, RequestOptions } from './client'
import { dbKey } from './query-keys'
import {
  integerOptionListSchema,
  stringOptionListSchema,
  type IntegerOption,
  type StringOption,
} from './schemas/static-option'

export type LookupKeyType = 'string' | 'integer'

export interface LookupListInfo {
  path: `/${string}`
  title: string
  keyType: LookupKeyType
}

/** The lookup lists of service.md 4.3 (and `GET /report-args`), by name. */
export const lookupLists = {
  snoozes: { path: '/snoozes', title: 'Snooze durations', keyType: 'string' },
  priorities: { path: '/priorities', title: 'Priorities', keyType: 'string' },
  'claim-invoice-statuses': {
    path: '/claim-invoice-statuses',
    title: 'Claim invoice statuses',
    keyType: 'string',
  },
  'report-args': { path: '/report-args', title: 'Report args', keyType: 'string' },
  'schedule-intervals': {
    path: '/schedule-intervals',
    title: 'Schedule intervals',
    keyType: 'integer',
  },
  'schedule-interval-options': {
    path: '/schedule-interval-options',
    title: 'Schedule interval options',
    keyType: 'integer',
  },
  'schedule-interval-end-options': {
    path: '/schedule-interval-end-options',
    title: 'Schedule interval end options',
    keyType: 'integer',
  },
  'days-of-week': { path: '/days-of-week', title: 'Days of week', keyType: 'integer' },
  'months-of-year': { path: '/months-of-year', title: 'Months of year', keyType: 'integer' },
  'event-actions': { path: '/event-actions', title: 'Event actions', keyType: 'integer' },
  'schedule-actions': { path: '/schedule-actions', title: 'Schedule actions', keyType: 'integer' },
  durations: { path: '/durations', title: 'Durations', keyType: 'integer' },
} as const satisfies Record<string, LookupListInfo>

export type LookupName = keyof typeof lookupLists
export const lookupNames = Object.keys(lookupLists) as LookupName[]

/** The entry type of a list: string-keyed or integer-keyed. */
export type LookupOption<N extends LookupName> = (typeof lookupLists)[N]['keyType'] extends 'string'
  ? StringOption
  : IntegerOption

export function getLookup<N extends LookupName>(
  api: ApiClient,
  name: N,
  options?: RequestOptions,
): Promise<LookupOption<N>[]> {
  const list: LookupListInfo = lookupLists[name]
  const schema = list.keyType === 'string' ? stringOptionListSchema : integerOptionListSchema
  // The table decides the schema, so the result matches LookupOption<N>; TS cannot follow that.
  return api.request(
    { name: `getLookup(${name})`, method: 'GET', path: list.path, schema },
    options,
  ) as Promise<LookupOption<N>[]>
}

/** Lookups are shared reference data: one hour fresh, keyed by database. */
export const LOOKUP_STALE_TIME = 60 * 60 * 1000

/** Keys go from general to specific, database first: `['db', db, 'lookups', name]`. */
export const lookupKeys = {
  all: (db: string) => [...dbKey(db), 'lookups'] as const,
  list: (db: string, name: LookupName) => [...lookupKeys.all(db), name] as const,
}

/** The lookup queries of a service client. */
export const lookupQueries = (api: ApiClient) => ({
  list: <N extends LookupName>(db: string, name: N) =>
    queryOptions({
      queryKey: lookupKeys.list(db, name),
      queryFn: ({ signal }) => getLookup(api, name, { signal, database: db }),
      staleTime: LOOKUP_STALE_TIME,
    }),
})

/** The lookup queries bound to the nearest `ApiProvider`'s client. */
export function useLookupQueries() {
  const api = useApi()
  return useMemo(() => lookupQueries(api), [api])
}
