/**
 * The one way out for everything the doctor prints: the report (text or JSON), usage and error
 * messages, and an internal error. A service can put anything in what the report quotes (a
 * problem's title, a content type, a field name, a token's roles), and a hostile one could send
 * terminal escape sequences (to rewrite the screen, set the window title, write hyperlinks),
 * carriage returns that overwrite a line, bidi overrides that reorder it, or echo the secrets the
 * doctor sent it. So every line is made printable and the secrets are masked here, at the last
 * step, whatever produced the line.
 */

export interface Sink {
  write(text: string): unknown
}

/** What a secret is printed as. */
export const MASK = '•••'

/**
 * Shorter values are not masked: they cannot be told from ordinary text (an API key `k` would
 * mask every k of the report).
 */
export const MIN_SECRET_LENGTH = 4

/**
 * Controls (C0 including newline and carriage return, DEL, C1), format characters (bidi
 * embeddings, overrides and isolates, zero-width characters), line and paragraph separators, and
 * half a surrogate pair.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu

const hex4 = (unit: number) => unit.toString(16).padStart(4, '0')

/**
 * A line as printable text: each unprintable character as its `\uXXXX` escape, which a terminal
 * shows as text and which is also valid inside a JSON string (so `--json` stays JSON).
 */
export function printable(line: string): string {
  return line.replace(UNPRINTABLE, (ch) =>
    Array.from({ length: ch.length }, (_, i) => `\\u${hex4(ch.charCodeAt(i))}`).join(''),
  )
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')

/** Hex digits in either case: `a` as `[aA]`. */
const anyCase = (hex: string) =>
  Array.from(hex, (d) => (/[a-f]/i.test(d) ? `[${d.toLowerCase()}${d.toUpperCase()}]` : d)).join('')

/** JSON's short escapes. */
const JSON_SHORT: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
}

/**
 * A pattern that finds a secret as it is, percent-encoded (either case; `+` for a space) or
 * JSON-escaped (`\"`, `\uXXXX`; also how `printable` shows a control character), in any mix.
 */
function secretPattern(secret: string): string {
  let pattern = ''
  for (const ch of secret) {
    const percent = Array.from(Buffer.from(ch, 'utf8'), (byte) =>
      anyCase(`%${byte.toString(16).padStart(2, '0')}`),
    ).join('')
    const unicode = Array.from(
      { length: ch.length },
      (_, i) => `\\\\u${anyCase(hex4(ch.charCodeAt(i)))}`,
    ).join('')
    const alternatives = [unicode, percent]
    const short = JSON_SHORT[ch]
    if (short) alternatives.push(escapeRegExp(short))
    if (ch === ' ') alternatives.push('\\+')
    alternatives.push(escapeRegExp(ch))
    pattern += `(?:${alternatives.join('|')})`
  }
  return pattern
}

/**
 * Prints lines to stdout or stderr, each made printable and with every secret masked, then
 * ended with a newline: the only newlines printed are the ones between the lines the doctor
 * gives, so a newline inside a quoted value cannot start a line of its own.
 */
export class Printer {
  readonly #stdout: Sink
  readonly #stderr: Sink
  readonly #secrets = new Set<string>()
  #masks: RegExp | undefined

  constructor(stdout: Sink, stderr: Sink) {
    this.#stdout = stdout
    this.#stderr = stderr
  }

  /** Masks `value` in everything printed from now on (unless it is too short to tell). */
  mask(...values: (string | undefined)[]): void {
    for (const value of values)
      if (value !== undefined && value.length >= MIN_SECRET_LENGTH) this.#secrets.add(value)
    // The longest first, so that a secret containing another is masked whole.
    const secrets = [...this.#secrets].sort((a, b) => b.length - a.length)
    this.#masks =
      secrets.length > 0 ? new RegExp(secrets.map(secretPattern).join('|'), 'g') : undefined
  }

  /** One line as it may be printed: printable, secrets masked. */
  clean(line: string): string {
    const text = printable(line)
    return this.#masks ? text.replace(this.#masks, MASK) : text
  }

  out(lines: readonly string[]): void {
    this.#stdout.write(this.#join(lines))
  }

  err(lines: readonly string[]): void {
    this.#stderr.write(this.#join(lines))
  }

  #join(lines: readonly string[]): string {
    return lines.map((line) => this.clean(line) + '\n').join('')
  }
}
