import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { ApiClient } from './client'

export interface ApiContextValue {
  api: ApiClient
  /** The database the console is working in; query keys and requests are scoped by it. */
  database: string
}

const ApiContext = createContext<ApiContextValue | null>(null)

export function ApiProvider({
  api,
  database,
  children,
}: ApiContextValue & { children?: ReactNode }) {
  const value = useMemo(() => ({ api, database }), [api, database])
  return <ApiContext value={value}>{children}</ApiContext>
}

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext)
  if (!value) throw new Error('useApi() and useDatabase() need an <ApiProvider> above them.')
  return value
}

/** The service client of the nearest `ApiProvider`. */
export function useApi(): ApiClient {
  return useApiContext().api
}

/** The database of the nearest `ApiProvider`. */
export function useDatabase(): string {
  return useApiContext().database
}
