import { afterEach, describe, expect, it } from 'vitest'
import { clearUndo, pushUndo, runUndo, takeUndo, undoEntries, UNDO_LIMIT } from './undo-stack'

afterEach(clearUndo)

describe('the undo stack', () => {
  it('undoes the newest change first, each one once', () => {
    const ran: string[] = []
    pushUndo('Snooze of “A”', () => ran.push('A'))
    pushUndo('Completion of “B”', () => ran.push('B'))
    expect(runUndo()).toBe(true)
    expect(runUndo()).toBe(true)
    expect(runUndo()).toBe(false)
    expect(ran).toEqual(['B', 'A'])
  })

  it('runs an entry taken by ID (its toast) and not again from the key', () => {
    const ran: string[] = []
    let closed = 0
    const a = pushUndo(
      'A',
      () => ran.push('A'),
      () => closed++,
    )
    pushUndo('B', () => ran.push('B'))
    expect(runUndo(a)).toBe(true)
    expect(runUndo(a)).toBe(false)
    expect(closed).toBe(1)
    expect(undoEntries().map((e) => e.label)).toEqual(['B'])
    expect(takeUndo()?.label).toBe('B')
    expect(ran).toEqual(['A'])
  })

  it('forgets everything when cleared, and keeps only the newest entries', () => {
    for (let i = 0; i < UNDO_LIMIT + 5; i++) pushUndo(`change ${i}`, () => undefined)
    expect(undoEntries()).toHaveLength(UNDO_LIMIT)
    expect(undoEntries()[0]?.label).toBe('change 5')
    clearUndo()
    expect(runUndo()).toBe(false)
  })
})
