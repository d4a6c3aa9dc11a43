import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { compileFilter, searchWords } from '../model/filter'
import { factsOf } from '../model/facts'
import { createEventIndex } from './event-index'
import type { SortKey } from './protocol'
import { createTextScan } from './text-scan'

describe('text scan', () => {
  const scan = createTextScan(['review claim 12', 'claim', '', 'call about claim', 'audit'])

  it('finds each subject holding a word once, in the order scanned', () => {
    expect(scan.holding('claim')).toEqual([0, 1, 3])
    expect(scan.holding('cl')).toEqual([0, 1, 3])
    expect(scan.holding('a')).toEqual([0, 1, 3, 4])
    expect(scan.holding('audit')).toEqual([4])
    expect(scan.holding('t')).toEqual([3, 4])
    expect(scan.holding('nothing')).toEqual([])
  })

  it('never matches across two subjects', () => {
    // "claim" ends subject 1 and "" is subject 2: "claimcall" or "claim call" are in none.
    expect(scan.holding('imcall')).toEqual([])
    expect(scan.holding('claim call')).toEqual([])
    expect(scan.holding('12claim')).toEqual([])
  })

  it('does not answer for an empty word or one holding its separator', () => {
    expect(scan.holding('')).toBeNull()
    expect(scan.holding('a\u0000c')).toBeNull()
  })

  it('holds nothing when there is nothing', () => {
    expect(createTextScan([]).holding('a')).toEqual([])
  })
})

describe('word search in the index: the same answer as the filter over every event', () => {
  const words = ['claim', 'review', 'José', 'appeal', 'renewal', '12', 'new', 'a', 'ÉTÉ']
  let seed = 7
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const events: Event[] = Array.from({ length: 600 }, (_, i) => ({
    event_ID: i + 1,
    claim_Audit_Event: false,
    process_Automation_Event: false,
    reminder: false,
    subject:
      i % 50 === 0
        ? null
        : Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(words)).join(' '),
    status: pick(['Open', 'Completed']),
    due_Date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00`,
  }))
  const now = new Date(2026, 10, 23, 10)
  const index = createEventIndex({ priorityOrder: [], completedStatus: 'Completed' })
  index.upsert(events)
  const sorts: SortKey[][] = [[], [{ field: 'due_Date', dir: 'desc' }]]

  it.each([
    'claim',
    'CLAIM rev',
    'jose',
    'été',
    'new',
    'ew',
    '12',
    '120',
    '7',
    'a claim',
    'nothing here',
  ])('"%s"', (text) => {
    const matches = compileFilter({ text, status: ['Open'] }, now)
    for (const sort of sorts) {
      const all = index.query({ status: ['Open'] }, sort, now).rows
      const expected = all
        .filter((event) =>
          matches({ event, facts: factsOf(event, 'Completed'), words: searchWords(event) }),
        )
        .map((e) => e.event_ID)
      const found = index.query({ text, status: ['Open'] }, sort, now).rows.map((e) => e.event_ID)
      expect(found).toEqual(expected)
    }
  })

  it('finds an event by its ID typed, though its subject does not hold it', () => {
    for (const sort of sorts) {
      const found = index.query({ text: '7' }, sort, now).rows.map((e) => e.event_ID)
      expect(found).toEqual([7])
      expect(index.query({ text: '120' }, sort, now).rows.map((e) => e.event_ID)).toEqual([120])
    }
  })
})
