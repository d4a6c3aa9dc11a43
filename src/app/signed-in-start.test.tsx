import { afterEach, describe, expect, it } from 'vitest'
import { lookupQueries } from '@/api/lookups'
import { purgeQueryClient } from '@/api/query-client'
import { tokenWith } from '@/test/tokens'
import { api, sessionStore } from './app-state'
import { queryClient } from './query'
import { startSignedIn } from './signed-in-start'

const priorities = (db: string) => lookupQueries(api).list(db, 'priorities').queryKey

describe('startSignedIn', () => {
  afterEach(() => {
    sessionStore.signOut()
    purgeQueryClient(queryClient)
  })

  it("asks for the session's database's priorities at once", () => {
    sessionStore.signIn({
      baseUrl: '/api',
      apiKey: 'key',
      database: 'training',
      token: tokenWith({ sub: 'staff', roles: ['staff'] }),
    })
    startSignedIn({ fromServer: false })
    expect(queryClient.getQueryState(priorities('training'))?.fetchStatus).toBe('fetching')
    expect(queryClient.getQueryState(priorities('demo'))).toBeUndefined()
  })

  it('asks for nothing without a session', () => {
    startSignedIn({ fromServer: true })
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})
