import { describe, expect, it } from 'vitest'
import { recordListSchema, safeParseInSlices } from './records'
import { z } from './schemas/zod'

const item = z.object({ id: z.number(), name: z.string() })
const list = recordListSchema(item, 'id')
const counting = () => {
  const state = { pauses: 0 }
  const pause = () => {
    state.pauses++
    return Promise.resolve()
  }
  return { state, pause }
}

describe('safeParseInSlices', () => {
  const data = Array.from({ length: 1000 }, (_, i) =>
    i % 97 === 5 ? { id: i + 1, name: 7 } : { id: i + 1, name: `n${i}` },
  )

  it('reads a record list with pauses between slices, the same answer as in one go', async () => {
    const { state, pause } = counting()
    const sliced = await safeParseInSlices(list, data, pause, 0)
    expect(sliced).toEqual(z.safeParse(list, data))
    expect(sliced.success && sliced.data.unreadable).toHaveLength(11)
    // With no time to spare it pauses at every look at the clock (every 32 elements).
    expect(state.pauses).toBe(Math.floor(data.length / 32))
  })

  it('does not pause while a slice has time left', async () => {
    const { state, pause } = counting()
    await safeParseInSlices(list, data.slice(0, 100), pause, 60_000)
    expect(state.pauses).toBe(0)
  })

  it('fails as the schema does when the list is not a list', async () => {
    const { pause } = counting()
    for (const wrong of [{ id: 1 }, 'text', 3]) {
      const sliced = await safeParseInSlices(list, wrong, pause, 0)
      expect(sliced.success).toBe(false)
      expect(sliced.error?.issues[0]?.path).toEqual(z.safeParse(list, wrong).error?.issues[0]?.path)
    }
    expect(await safeParseInSlices(list, null, pause, 0)).toEqual(z.safeParse(list, null))
  })

  it('parses any other schema as it is', async () => {
    const { state, pause } = counting()
    expect(await safeParseInSlices(item, { id: 1, name: 'a' }, pause, 0)).toEqual(
      z.safeParse(item, { id: 1, name: 'a' }),
    )
    expect(state.pauses).toBe(0)
  })
})
