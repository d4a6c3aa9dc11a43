import { describe, expect, it } from 'vitest'
import { behindSince } from './server-status-banner'

const health = (databases: unknown) => ({ data: { storage: 'embedded', databases } })

describe("the console server's word on its copy", () => {
  it('is behind since its last good read, for the database in use only', () => {
    const answer = health([
      {
        database: 'demo',
        behindSince: '2026-11-26T14:06:10.000Z',
        lastSuccessfulRead: '2026-11-26T14:05:00.000Z',
      },
      { database: 'training', behindSince: null, lastSuccessfulRead: '2026-11-26T15:00:00.000Z' },
    ])
    expect(behindSince(answer, 'demo')?.toISOString()).toBe('2026-11-26T14:05:00.000Z')
    expect(behindSince(answer, 'training')).toBeNull()
    expect(behindSince(answer, 'elsewhere')).toBeNull()
  })

  it('says nothing of an answer it cannot read', () => {
    for (const answer of [
      null,
      {},
      health('x'),
      health([{ database: 'demo', behindSince: 'soon' }]),
    ])
      expect(behindSince(answer, 'demo')).toBeNull()
  })
})
