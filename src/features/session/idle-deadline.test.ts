// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import {
  clearIdleDeadline,
  idleDeadline,
  idlePassed,
  markActive,
  setIdleLimit,
} from './idle-deadline'

afterEach(() => {
  clearIdleDeadline()
  localStorage.clear()
  sessionStorage.clear()
})

describe('the idle deadline', () => {
  it('is kept in storage, so a later page load knows how long the user was away', () => {
    setIdleLimit(15)
    const t = Date.parse('2026-11-24T10:00:00')
    markActive(t)
    expect(localStorage.getItem('bac.idle-until')).toBe(String(t + 15 * 60_000))
    expect(idlePassed(t + 14 * 60_000)).toBe(false)
    expect(idlePassed(t + 15 * 60_000)).toBe(true)
  })

  it('takes the latest any tab wrote, and with none stored the limit has passed', () => {
    setIdleLimit(15)
    clearIdleDeadline()
    expect(idleDeadline()).toBeNull()
    expect(idlePassed()).toBe(true)
    const t = Date.parse('2026-11-24T10:00:00')
    sessionStorage.setItem('bac.idle-until', String(t))
    localStorage.setItem('bac.idle-until', String(t + 60_000))
    expect(idleDeadline()).toBe(t + 60_000)
    localStorage.setItem('bac.idle-until', 'not a time')
    expect(idleDeadline()).toBe(t)
  })
})
