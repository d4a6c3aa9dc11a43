// Sending an import in batches, against the real sandbox service (its own fetch, no network).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import { createApiClient } from '@/api/client'
import { RuntimeConfigContext } from '@/lib/app-context'
import { defaultRuntimeConfig } from '@/lib/runtime-config'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { checkImportRow, parseImport } from './import-rows'
import type { RowResult } from './import-send'
import type { RowState } from './use-import-rows'
import { useImportSend } from './use-import-send'

let service: InProcessSandbox
/** The size of every `PUT /auths` the service received, in order. */
const batches: number[] = []
let onBatch: (() => void) | null = null

beforeAll(() => {
  service = startInProcessSandbox('import-send', {
    events: 5,
    intercept: async (request) => {
      if (request.method !== 'PUT' || new URL(request.url).pathname !== '/api/auths') return
      batches.push(((await request.clone().json()) as unknown[]).length)
      onBatch?.()
    },
  })
})
afterAll(() => service.close())

/** `n` new auths as the import's checked rows. */
function rows(n: number, prefix: string): RowState[] {
  const csv = [
    'notes,units_Requested',
    ...Array.from({ length: n }, (_, i) => `${prefix} ${i + 1},3`),
  ]
  return parseImport(csv.join('\n')).rows.map((row) => ({ row, check: checkImportRow(row) }))
}

async function setup(authBatchSize: number) {
  const connection = await service.connectionFor('support')
  const api = createApiClient(() => connection, { fetch: service.fetch })
  const queryClient = new QueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api} database="demo">
        <RuntimeConfigContext value={{ ...defaultRuntimeConfig, authBatchSize }}>
          {children}
        </RuntimeConfigContext>
      </ApiProvider>
    </QueryClientProvider>
  )
  return renderHook(() => useImportSend(), { wrapper })
}

const outcomes = (results: Map<number, RowResult>) => {
  const count: Record<string, number> = {}
  for (const r of results.values()) count[r.status] = (count[r.status] ?? 0) + 1
  return count
}

describe('useImportSend', () => {
  it('sends 2,500 rows in batches of the service’s size, reporting each batch', async () => {
    batches.length = 0
    const hook = await setup(1000)
    const reported: number[] = []
    let results = new Map<number, RowResult>()
    await act(async () => {
      results = await hook.result.current.send(rows(2_500, 'Bulk'), (r) => reported.push(r.size))
    })
    expect(batches).toEqual([1000, 1000, 500])
    expect(reported).toEqual([1000, 1000, 500])
    expect(outcomes(results)).toEqual({ 201: 2_500 })
  })

  it('learns a smaller batch size from a refusal, and sends that batch again in parts', async () => {
    batches.length = 0
    const hook = await setup(1500)
    let results = new Map<number, RowResult>()
    await act(async () => {
      results = await hook.result.current.send(rows(2_400, 'Large'), () => {})
    })
    // 1,500 refused (413: at most 1,000), then 1,000 + 500, then the other 900.
    expect(batches).toEqual([1500, 1000, 500, 900])
    expect(outcomes(results)).toEqual({ 201: 2_400 })
  })

  it('stops after the batch under way: the rest are not sent, and say so', async () => {
    batches.length = 0
    const hook = await setup(1000)
    onBatch = () => hook.result.current.stop()
    let results = new Map<number, RowResult>()
    try {
      await act(async () => {
        results = await hook.result.current.send(rows(3_000, 'Stopped'), () => {})
      })
    } finally {
      onBatch = null
    }
    expect(batches).toEqual([1000])
    expect(outcomes(results)).toEqual({ 201: 1000, [-1]: 2000 })
    expect(results.get(3000)?.body).toBe('Not sent: the import was stopped before this row.')
  })
})
