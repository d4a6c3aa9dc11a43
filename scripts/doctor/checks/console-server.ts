import { describeStatus, is2xx, readEnvelope, type DoctorContext } from '../context'
import { describeBody, openStream, parseJson, send, type Answer } from '../http'

/*
 * The console's server (`--console-server`), as the browser meets it: its health with the
 * doctor's token, its stream of changes, the service passed through at /api on the same origin
 * without an API key from the caller, and its Origin rule (its own origin taken, so no CORS is
 * needed; another refused). The API key is never sent there: the server holds its own.
 */

/** How long the stream may take to send its first message (`ready`, sent at once). */
const STREAM_WAIT_MS = 10_000

const FOREIGN_ORIGIN = 'https://doctor.invalid'

export async function checkConsoleServer(ctx: DoctorContext): Promise<void> {
  const base = ctx.options.consoleServer
  if (!base) {
    ctx.add(
      'console-server',
      'the console server',
      'SKIP',
      'its health, stream and pass-through',
      'no --console-server given: pass its address as the browser reaches it (e.g. --console-server https://console.example.org/console-api/) to check it',
    )
    return
  }
  const own = new URL(base).origin
  const passThrough = new URL('/api/', own)
  const database = ctx.options.database

  /** A request as the console sends it there: the token and database, never the API key. */
  const request = (url: URL, headers: Record<string, string | null> = {}): Promise<Answer> => {
    const sent = new Headers({ accept: 'application/json', 'service-database': database })
    if (ctx.token) sent.set('authorization', `Bearer ${ctx.token}`)
    for (const [name, value] of Object.entries(headers))
      if (value === null) sent.delete(name)
      else sent.set(name, value)
    return send(url, { method: 'GET', headers: sent }, ctx.limits)
  }

  // Health, with the token the service gave: the server asks the service whether it accepts it.
  const healthUrl = new URL('health', base)
  healthUrl.searchParams.set('database', database)
  const health = await request(healthUrl)
  const healthExpected = `HTTP 200 with the mirror of ${database}, for the doctor's token`
  if (!health.ok) {
    ctx.add('console-server', 'GET <consoleServer>health', 'FAIL', healthExpected, health.message)
    return
  }
  const body = parseJson(health.text) as
    | { data?: { storage?: unknown; databases?: { database?: unknown; phase?: unknown }[] } }
    | undefined
  const databases = Array.isArray(body?.data?.databases) ? body.data.databases : undefined
  if (health.status !== 200 || !databases) {
    const hint =
      health.status === 401
        ? [
            'the server does not accept the token the service gave: is its SERVICE_URL this service?',
          ]
        : health.status === 404 || !databases
          ? ['is --console-server the address config.json names as consoleServer (…/console-api/)?']
          : []
    ctx.add(
      'console-server',
      'GET <consoleServer>health',
      'FAIL',
      healthExpected,
      databases ? `HTTP ${health.status}` : describeBody(health),
      hint,
    )
    return
  }
  const mine = databases.find((d) => d.database === database)
  const storage = typeof body?.data?.storage === 'string' ? body.data.storage : 'unknown'
  ctx.add(
    'console-server',
    'GET <consoleServer>health',
    mine ? 'PASS' : 'FAIL',
    healthExpected,
    mine
      ? `HTTP 200; storage ${storage}, ${database} ${typeof mine.phase === 'string' ? mine.phase : 'in an unknown phase'}`
      : `HTTP 200, but ${database} is not among the databases it serves`,
    mine ? [] : ["add it to the server's SERVICE_DATABASES"],
  )

  // Without a token: the gate must refuse (the health page names the databases served).
  const anonymous = await request(healthUrl, { authorization: null })
  if (anonymous.ok)
    ctx.add(
      'console-server',
      'GET <consoleServer>health without a token',
      anonymous.status === 401 ? 'PASS' : 'FAIL',
      'HTTP 401',
      `HTTP ${anonymous.status}`,
      anonymous.status === 401 ? [] : ['the server answers whoever asks'],
    )

  // The stream: opened, of the right type, and its first message here in time (a proxy that
  // buffers it holds the messages back).
  const streamUrl = new URL('stream', base)
  streamUrl.searchParams.set('database', database)
  const stream = await openStream(
    streamUrl,
    {
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${ctx.token ?? ''}`,
        'service-database': database,
      },
    },
    ctx.limits,
    STREAM_WAIT_MS,
  )
  const streamExpected = 'HTTP 200, text/event-stream, and its first message (ready) at once'
  if (!stream.ok)
    ctx.add('console-server', 'GET <consoleServer>stream', 'FAIL', streamExpected, stream.message)
  else {
    const type = stream.contentType.split(';')[0]?.trim() || 'no content type'
    const problems: string[] = []
    if (stream.status !== 200) problems.push(`HTTP ${stream.status}`)
    if (!/^text\/event-stream$/i.test(type)) problems.push(`${type}, not text/event-stream`)
    else if (stream.firstEvent === undefined)
      problems.push(`no message within ${STREAM_WAIT_MS / 1000} s`)
    ctx.add(
      'console-server',
      'GET <consoleServer>stream',
      problems.length === 0 ? 'PASS' : 'FAIL',
      streamExpected,
      problems.length === 0
        ? `HTTP 200, text/event-stream, "${stream.firstEvent}"`
        : problems.join('; '),
      problems.some((p) => p.startsWith('no message'))
        ? ['a proxy in front may buffer it: nginx needs proxy_buffering off for it (deploy/nginx)']
        : problems.length > 0
          ? ['the console falls back to reading the whole index every 10 minutes']
          : [],
    )
  }

  // The pass-through: the service answers at /api on the same origin, no API key sent.
  const priorities = await request(new URL('priorities', passThrough))
  const read = readEnvelope(priorities)
  const passed = read.ok && is2xx(read.value.received.status) && read.value.error === undefined
  ctx.add(
    'console-server',
    'GET /api/priorities through the server, no API key sent',
    passed ? 'PASS' : 'FAIL',
    `HTTP 2xx from ${passThrough.pathname} on ${own}, the server adding the key`,
    read.ok ? describeStatus(read.value.received.status, read.value.error) : read.got,
    passed
      ? []
      : ["config.json's serviceUrl (/api) leads there: the console could not reach the service"],
  )

  // Same origin: what a browser sends with a write from the console's own page is taken, so no
  // CORS is needed; another site's is refused.
  const sameOrigin = await request(new URL('priorities', passThrough), { origin: own })
  if (sameOrigin.ok) {
    const taken = sameOrigin.status !== 403
    ctx.add(
      'console-server',
      'its own origin taken (no CORS needed)',
      taken ? 'PASS' : 'FAIL',
      `a request with Origin: ${own} answered`,
      taken ? `HTTP ${sameOrigin.status}` : 'HTTP 403: refused as another site',
      taken
        ? []
        : [
            'a proxy in front changes the Host header (nginx: proxy_set_header Host $http_host, with the port)',
          ],
    )
  }
  const foreign = await request(new URL('priorities', passThrough), { origin: FOREIGN_ORIGIN })
  if (foreign.ok)
    ctx.add(
      'console-server',
      'another origin refused',
      foreign.status === 403 ? 'PASS' : 'FAIL',
      `HTTP 403 for Origin: ${FOREIGN_ORIGIN}`,
      `HTTP ${foreign.status}`,
      foreign.status === 403
        ? []
        : ["another site's page could use the server with a user's token"],
    )
  const origin = ctx.options.origin
  if (origin !== undefined && origin !== own)
    ctx.add(
      'console-server',
      "the console's origin",
      'FAIL',
      `the console (--origin) on the server's origin, ${own}`,
      `the console at ${origin}`,
      [
        'the server refuses requests from another origin and sends no CORS headers: serve the console and the server behind one origin (deploy/nginx)',
      ],
    )
}
