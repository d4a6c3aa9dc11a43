import { describe, expect, it } from 'vitest'
import { parseEventId } from './event-id'

describe('parseEventId', () => {
  it('accepts positive 32-bit whole numbers only', () => {
    expect(parseEventId('42')).toBe(42)
    expect(parseEventId('2147483647')).toBe(2147483647)
    for (const bad of [
      undefined,
      '',
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3',
      '2147483648',
      ' 7',
      '99999999999',
    ])
      expect(parseEventId(bad)).toBeNull()
  })
})
