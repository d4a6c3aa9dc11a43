// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  clearIdleDeadline,
  idleDeadline,
  idlePassed,
  markActive,
  setIdleLimit,
  setIdleScope,
} from './idle-deadline'

const KEY = 'bac.idle-until.demo.staff'
beforeEach(() => setIdleScope('demo', 'staff'))
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
    expect(localStorage.getItem(KEY)).toBe(String(t + 15 * 60_000))
    expect(idlePassed(t + 14 * 60_000)).toBe(false)
    expect(idlePassed(t + 15 * 60_000)).toBe(true)
  })

  it('takes the latest any tab wrote, and with none stored the limit has passed', () => {
    setIdleLimit(15)
    clearIdleDeadline()
    expect(idleDeadline()).toBeNull()
    expect(idlePassed()).toBe(true)
    const t = Date.parse('2026-11-24T10:00:00')
    sessionStorage.setItem(KEY, String(t))
    localStorage.setItem(KEY, String(t + 60_000))
    expect(idleDeadline()).toBe(t + 60_000)
    localStorage.setItem(KEY, 'not a time')
    expect(idleDeadline()).toBe(t)
  })

  it("is each user's and database's own: another user's activity keeps nothing open", () => {
    setIdleLimit(15)
    const t = Date.parse('2026-11-24T10:00:00')
    markActive(t)
    // Admin works in another tab for 20 minutes.
    setIdleScope('demo', 'admin')
    markActive(t + 20 * 60_000)
    expect(idlePassed(t + 20 * 60_000)).toBe(false)
    setIdleScope('demo', 'staff')
    expect(idlePassed(t + 20 * 60_000)).toBe(true)
    // Staff's own work in the training database is another deadline too.
    setIdleScope('training', 'staff')
    markActive(t + 20 * 60_000)
    setIdleScope('demo', 'staff')
    expect(idleDeadline()).toBe(t + 15 * 60_000)
    expect(localStorage.getItem('bac.idle-until.demo.admin')).toBe(String(t + 35 * 60_000))
  })
})
