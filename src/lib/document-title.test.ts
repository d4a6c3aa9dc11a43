import { afterEach, describe, expect, it, vi } from 'vitest'
import { APP_TITLE, setPageTitle, setTitleCount } from './document-title'

afterEach(() => {
  setPageTitle(null)
  setTitleCount(0)
  vi.unstubAllGlobals()
})

describe('the document title', () => {
  it('composes the count, the page and the console, whichever changes first', () => {
    vi.stubGlobal('document', { title: '' })
    setPageTitle('Event 42')
    expect(document.title).toBe(`Event 42 — ${APP_TITLE}`)
    setTitleCount(3)
    expect(document.title).toBe(`(3) Event 42 — ${APP_TITLE}`)
    setPageTitle('Calendar')
    expect(document.title).toBe(`(3) Calendar — ${APP_TITLE}`)
    setTitleCount(120)
    expect(document.title).toBe(`(99+) Calendar — ${APP_TITLE}`)
    setTitleCount(0)
    setPageTitle(null)
    expect(document.title).toBe(APP_TITLE)
  })
})
