import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { removeFromPage, replaceInPage } from '../cache'
import { CALENDAR_PAGE_SIZE, calendarKeys } from '../keys'
import { CALENDAR_LOOKAHEAD, plannedPageCount } from './calendar-queries'

const event = (id: number, subject = 'x'): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject,
})
const full = Array.from({ length: CALENDAR_PAGE_SIZE }, (_, i) => event(i + 1))

describe('plannedPageCount', () => {
  it('asks for a few pages side by side before anything is known', () => {
    expect(plannedPageCount(() => undefined)).toBe(CALENDAR_LOOKAHEAD)
  })

  it('keeps looking ahead of the full pages', () => {
    const pages: Record<number, Event[]> = { 1: full, 2: full }
    expect(plannedPageCount((p) => pages[p])).toBe(2 + CALENDAR_LOOKAHEAD)
  })

  it('stops at the first short page', () => {
    const pages: Record<number, Event[]> = { 1: full, 2: [event(1)], 3: [] }
    expect(plannedPageCount((p) => pages[p])).toBe(2)
    expect(plannedPageCount((p) => (p === 1 ? [] : undefined))).toBe(1)
  })
})

describe('page patches', () => {
  it('replaces an event by ID, keeping the array when nothing changes', () => {
    const page = [event(1), event(2)]
    const changed = event(2, 'new')
    expect(replaceInPage(page, changed)).toEqual([event(1), changed])
    expect(replaceInPage(page, event(3))).toBe(page)
    expect(replaceInPage(page, page[0] as Event)).toBe(page)
  })

  it('removes an event by ID', () => {
    const page = [event(1), event(2)]
    expect(removeFromPage(page, 1)).toEqual([event(2)])
    expect(removeFromPage(page, 5)).toBe(page)
  })

  it('keys pages by database first', () => {
    expect(calendarKeys.all('demo').slice(0, 4)).toEqual(['db', 'demo', 'events', 'calendar-pages'])
  })
})
