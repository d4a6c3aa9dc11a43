/**
 * Whether this copy of the console is inside another page's frame. A framed copy (clickjacking,
 * or a hostile page embedding it to listen in) never starts: no session, no shared channel.
 * The servers also forbid framing (`frame-ancestors 'none'`); this holds where they do not.
 */
export function isFramed(): boolean {
  try {
    return window.self !== window.top
  } catch {
    return true
  }
}
