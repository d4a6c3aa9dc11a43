// The import's preview reads the auths its rows name, against the real sandbox service.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiProvider } from '@/api/api-context'
import { createAuth } from '@/api/auths'
import { createApiClient } from '@/api/client'
import { REQUIRED_DEFAULTS } from '@/api/schemas/auth-fields'
import type { Auth } from '@/api/schemas/auth'
import { RuntimeConfigContext } from '@/lib/app-context'
import { defaultRuntimeConfig } from '@/lib/runtime-config'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { parseImport } from './import-rows'
import { statusOf, useImportRows } from './use-import-rows'

let service: InProcessSandbox
beforeAll(() => {
  service = startInProcessSandbox('import-rows', { events: 5 })
})
afterAll(() => service.close())

describe('useImportRows', () => {
  it('compares each numbered row with its auth, under React’s development double mounting too', async () => {
    const connection = await service.connectionFor('support')
    const api = createApiClient(() => connection, { fetch: service.fetch })
    const existing = await createAuth(api, { ...REQUIRED_DEFAULTS, notes: 'Before' } as Auth, {
      database: 'demo',
    })
    const queryClient = new QueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api} database="demo">
          <RuntimeConfigContext value={defaultRuntimeConfig}>{children}</RuntimeConfigContext>
        </ApiProvider>
      </QueryClientProvider>
    )
    const hook = renderHook(() => useImportRows(), { wrapper, reactStrictMode: true })
    const csv = [
      'auth_Number,notes',
      `${existing.auth_Number},After`,
      'NO-SUCH-7,Typo',
      'NO-SUCH-8,',
    ].join('\n')
    act(() => hook.result.current.load(parseImport(csv)))
    await waitFor(() =>
      expect(hook.result.current.imported?.rows.map(statusOf)).toEqual([
        'update',
        'ready',
        'invalid',
      ]),
    )
    const [update, fresh] = hook.result.current.imported!.rows
    expect(update!.existing).toMatchObject({
      kind: 'found',
      changes: [{ field: 'notes', from: 'Before', to: 'After' }],
    })
    expect(fresh!.existing).toEqual({ kind: 'new' })
  })
})
