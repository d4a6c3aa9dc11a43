import { describe, expect, it } from 'vitest'
import { chunkBySize, isResultOk, mapLimit, resultsForRows } from './import-send'

describe('chunkBySize', () => {
  it('keeps a small batch in one call and splits a large one in order', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ i, text: 'x'.repeat(100) }))
    expect(chunkBySize(items)).toEqual([items])
    const chunks = chunkBySize(items, 400)
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.flat()).toEqual(items)
    for (const chunk of chunks) expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(400)
  })
})

describe('resultsForRows', () => {
  it('pairs each result with its row and reports a missing one as failed', () => {
    const results = resultsForRows(
      [2, 5, 7],
      [
        { id: [{ key: 'auth_Number', value: '26-000900' }], status: 201, body: 'created' },
        { id: [{ key: 'auth_Number', value: null }], status: 400, body: 'Invalid fields: urgent' },
      ],
    )
    expect(results.get(2)).toEqual({ status: 201, body: 'created', authNumber: '26-000900' })
    expect(results.get(5)).toEqual({
      status: 400,
      body: 'Invalid fields: urgent',
      authNumber: null,
    })
    expect(results.get(7)?.status).toBe(0)
    expect(isResultOk(results.get(2))).toBe(true)
    expect(isResultOk(results.get(5))).toBe(false)
  })
})

describe('mapLimit', () => {
  it('never runs more than the limit at once and keeps the order', async () => {
    let running = 0
    let most = 0
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++
      most = Math.max(most, running)
      await new Promise((r) => setTimeout(r, n))
      running--
      return n * 10
    })
    expect(out).toEqual([50, 10, 40, 20, 30])
    expect(most).toBe(2)
  })
})
