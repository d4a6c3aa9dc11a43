import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAGES } from './pages'
import { warmPageCode } from './router'

const pageAt = (path: string) => PAGES.find((p) => p.path === path)!

describe('warmPageCode', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    history.replaceState(null, '', '/')
  })

  it("loads the code of the page the address opens, and only that page's", () => {
    const calendar = vi.spyOn(pageAt('/events/calendar'), 'load')
    const list = vi.spyOn(pageAt('/events'), 'load')
    const detail = vi.spyOn(pageAt('/events/:eventId'), 'load')
    history.replaceState(null, '', '/events/calendar?user=*')
    warmPageCode()
    expect(calendar).toHaveBeenCalledTimes(1)
    expect(list).not.toHaveBeenCalled()
    expect(detail).not.toHaveBeenCalled()
    // An address with a record's ID finds its page too.
    history.replaceState(null, '', '/events/42')
    warmPageCode()
    expect(detail).toHaveBeenCalledTimes(1)
    expect(calendar).toHaveBeenCalledTimes(1)
  })

  it('loads nothing for the sign-in page or an address no page has', () => {
    const spies = PAGES.map((page) => vi.spyOn(page, 'load'))
    history.replaceState(null, '', '/sign-in?next=%2Fevents')
    warmPageCode()
    history.replaceState(null, '', '/no/such/page')
    warmPageCode()
    for (const spy of spies) expect(spy).not.toHaveBeenCalled()
  })
})
