import { describe, expect, it } from 'vitest'
import { splitReferences } from './linked-text'

describe('references in event text', () => {
  it('finds auth numbers and event references, in order, and nothing else', () => {
    expect(
      splitReferences('Call provider about auth 25-970012, see event #42 and claim 261022214'),
    ).toEqual([
      'Call provider about auth ',
      { auth: '25-970012', text: '25-970012' },
      ', see ',
      { eventId: 42, text: 'event #42' },
      ' and claim 261022214',
    ])
    expect(splitReferences('Event 7 follows')).toEqual([
      { eventId: 7, text: 'Event 7' },
      ' follows',
    ])
    expect(splitReferences('plain text, 123-4567, 2026-11-23')).toEqual([
      'plain text, 123-4567, 2026-11-23',
    ])
  })
})
