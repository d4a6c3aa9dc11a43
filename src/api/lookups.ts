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
import { lookupLists, type LookupListInfo, type LookupName } from './schemas/lookup-lists'

export {
  lookupLists,
  lookupNames,
  type LookupKeyType,
  type LookupListInfo,
  type LookupName,
} from './schemas/lookup-lists'

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
