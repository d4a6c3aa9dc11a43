/**
 * One change the console's own server saw (a write passed through it, or its reading of the
 * service): which record, never what it holds.
 */
export interface ServerChange {
  database: string
  /**
   * `note`, `presence`: a record's notes, or who has it open (`id` names it: `event:123`); `view`:
   * a saved view (its ID).
   */
  kind: 'event' | 'auth' | 'note' | 'presence' | 'view'
  id: string
  update_Date: string | null
  op: 'upsert' | 'delete'
}

/** A message of the stream read as a change, or null when it is none (checked by hand: the
 * stream is read on every page, and this is all of its shape). */
export function readChange(data: string): ServerChange | null {
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return null
  }
  const c = value as Partial<Record<keyof ServerChange, unknown>> | null
  return c &&
    typeof c.database === 'string' &&
    ['event', 'auth', 'note', 'presence', 'view'].includes(c.kind as string) &&
    typeof c.id === 'string' &&
    (c.update_Date === null || typeof c.update_Date === 'string') &&
    (c.op === 'upsert' || c.op === 'delete')
    ? (c as ServerChange)
    : null
}

export interface ChangeStreamOptions {
  /** The stream's address (`<consoleServer>stream`). */
  url: string
  /** The session's token now; read at each (re)connection, so a refreshed token is used. */
  token: () => string
  onChange: (change: ServerChange) => void
  /** The stream is open: changes missed while it was not should be read now. */
  onOpen?: () => void
  /** Ends the stream for good (sign-out, lock, another database). */
  signal: AbortSignal
  fetch?: typeof fetch
}

/** First wait before reconnecting; it doubles up to `MAX_RETRY_MS` while the server fails. */
export const FIRST_RETRY_MS = 1000
export const MAX_RETRY_MS = 30_000

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/**
 * Each `data:` line of a Server-Sent Events body, as the blocks end. Comments (`:` lines, the
 * server's keep-alives) and other fields are skipped.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
      if (data.length > 0) yield data.join('\n')
    }
  }
}

/**
 * Follows the console server's stream of changes until `signal` ends it: read with `fetch` (an
 * `EventSource` cannot send the token in a header, and a token in the address would reach logs).
 * A dropped or refused stream is opened again after a pause that grows while it keeps failing;
 * a message that is not a change is ignored.
 */
export async function followChanges(options: ChangeStreamOptions): Promise<void> {
  const { signal } = options
  const fetchFn = options.fetch ?? fetch
  let wait = FIRST_RETRY_MS
  while (!signal.aborted) {
    try {
      const response = await fetchFn(options.url, {
        headers: { authorization: `Bearer ${options.token()}`, accept: 'text/event-stream' },
        cache: 'no-store',
        signal,
      })
      if (response.ok && response.body) {
        wait = FIRST_RETRY_MS
        options.onOpen?.()
        for await (const data of sseData(response.body)) {
          const change = readChange(data)
          if (change) options.onChange(change)
        }
      } else {
        await response.body?.cancel()
      }
    } catch {
      // No answer, or the stream broke: open it again below.
    }
    if (signal.aborted) return
    await pause(wait * (0.75 + Math.random() / 2), signal)
    wait = Math.min(wait * 2, MAX_RETRY_MS)
  }
}
