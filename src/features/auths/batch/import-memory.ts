/**
 * The new auths this tab created by importing, by a fingerprint of the row they came from: the
 * same file imported again finds them and holds those rows back instead of creating them twice
 * (the service keeps no list of auths to look them up by). A fingerprint is a hash of the row's
 * values, never the values; kept in this page's memory only, so it lasts while the tab lives.
 */
const created = new Map<string, string>()

/** FNV-1a over the row's values, keys in order: the same row, the same fingerprint. */
function fingerprint(values: Record<string, unknown>): string {
  const text = JSON.stringify(
    Object.keys(values)
      .filter((k) => k !== 'auth_Number')
      .sort()
      .map((k) => [k, values[k] ?? null]),
  )
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995) >>> 0
  }
  return `${a.toString(36)}.${b.toString(36)}`
}

export function rememberCreated(values: Record<string, unknown>, authNumber: string) {
  created.set(fingerprint(values), authNumber)
}

/** The auth this tab created from a row with these values, or null. */
export function createdFrom(values: Record<string, unknown>): string | null {
  return created.get(fingerprint(values)) ?? null
}
