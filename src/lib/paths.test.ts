import { describe, expect, it } from 'vitest'
import { paths, safeNext } from './paths'

describe('safeNext: where sign-in goes next', () => {
  it('follows a path of the app, with its search and fragment', () => {
    expect(safeNext('/events/42')).toBe('/events/42')
    expect(safeNext('/events?status=Open#top')).toBe('/events?status=Open#top')
    expect(safeNext('/auths/26-000001')).toBe('/auths/26-000001')
  })

  it.each([
    null,
    '',
    'events/42',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\\/evil.example',
    '/%0d%0a',
    '/events/%E0%A4%A',
    '/events\u0000/1',
    '/sign-in',
    '/sign-in?next=/sign-in',
    '/sign-in/',
    '/',
    'javascript:alert(1)',
    '/\tjavascript:alert(1)',
  ])('goes home for %j', (next) => {
    expect(safeNext(next)).toBe(paths.home())
  })

  it('normalises dot segments rather than following them out of the app', () => {
    expect(safeNext('/events/../admin/sessions')).toBe('/admin/sessions')
    expect(safeNext('/../../etc/passwd')).toBe('/etc/passwd')
  })
})
