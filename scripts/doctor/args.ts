import { parseArgs } from 'node:util'

/**
 * The doctor's command line. Secrets (API key, username, password, token) are never accepted
 * here: arguments land in shell history and process lists. They come from the environment or
 * are asked for (`secrets.ts`).
 */

export interface DoctorOptions {
  /** Service base URL including its path prefix, without a trailing slash. */
  url: string
  database: string
  /** The console's origin, for the CORS checks; undefined skips them. */
  origin: string | undefined
  /** An auth number to read `GET /auths/{n}` and `/auths-vba/{n}` with. */
  auth: string | undefined
  /**
   * The console's server as the browser reaches it (config.json's `consoleServer` resolved, e.g.
   * https://console.example.org/console-api/, ending in a slash); undefined skips its checks.
   */
  consoleServer: string | undefined
  write: boolean
  json: boolean
  timeoutMs: number
}

export type ParsedArgs =
  | { kind: 'options'; options: DoctorOptions }
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string }

export const USAGE = `Usage: npm run doctor -- --url https://host/svc/v1 --database NAME [options]

Checks a deployment of the service against everything the console assumes.

  --url URL          the service's base URL, including its path prefix (required)
  --database NAME    the database to check, sent as service-database (required)
  --origin ORIGIN    the console's origin, e.g. https://console.example.org: checks CORS
  --auth NUMBER      an auth number: also reads GET /auths/{n} and /auths-vba/{n}
  --console-server URL
                     the console's server as the browser reaches it, e.g.
                     https://console.example.org/console-api/: checks its health, its stream,
                     the pass-through at /api on its origin, and that it takes its own origin
  --write            also create, edit, snooze and delete one marked test event
  --json             print the report as JSON
  --timeout SECONDS  per request (default 20)
  --help             this text

Secrets are never taken from the command line. Set them in the environment, or the doctor asks:
  DOCTOR_API_KEY     the API key (x-api-key)
  DOCTOR_USERNAME    with DOCTOR_PASSWORD: signs in with POST /user-authentication
  DOCTOR_PASSWORD
  DOCTOR_TOKEN       a bearer token (e.g. pasted from a single sign-on page) instead of a password

Exit code: 0 the console would work (warnings allowed), 1 some check failed, 2 usage error.
`

/** Option names that would carry a secret: refused, whatever follows them. */
const SECRET_OPTION =
  /^--?(api[-_]?key|key|x-api-key|password|passwd|pass|pwd|token|bearer|secret|credentials?|user(name)?|u|p)$/i

export function parseDoctorArgs(argv: string[]): ParsedArgs {
  for (const arg of argv) {
    const name = arg.split('=', 1)[0] ?? ''
    if (SECRET_OPTION.test(name))
      return usageError(
        `${name} is refused: secrets on the command line land in shell history and process lists. ` +
          'Set DOCTOR_API_KEY, DOCTOR_USERNAME and DOCTOR_PASSWORD (or DOCTOR_TOKEN) in the ' +
          'environment, or leave them unset and the doctor asks for them.',
      )
  }
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        database: { type: 'string' },
        origin: { type: 'string' },
        auth: { type: 'string' },
        'console-server': { type: 'string' },
        write: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }))
  } catch (error) {
    // parseArgs names the option; its message never quotes a value of ours.
    const code = (error as { code?: string }).code
    const message =
      code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
        ? 'unexpected argument: every value follows its option (--url URL)'
        : (error as Error).message.split('\n')[0]
    return usageError(message ?? 'could not read the arguments')
  }
  if (values.help) return { kind: 'help' }
  if (!values.url)
    return usageError('--url is required (the service base URL, e.g. https://host/svc/v1)')
  if (!values.database?.trim())
    return usageError('--database is required (e.g. --database production)')

  const url = checkUrl(values.url)
  if (typeof url !== 'string') return url
  let origin: string | undefined
  if (values.origin !== undefined) {
    const parsed = URL.parse(values.origin)
    if (
      !parsed ||
      !/^https?:$/.test(parsed.protocol) ||
      parsed.origin !== values.origin.replace(/\/$/, '')
    )
      return usageError('--origin must be an origin such as https://console.example.org (no path)')
    origin = parsed.origin
  }
  const seconds = values.timeout === undefined ? 20 : Number(values.timeout)
  if (!(seconds > 0 && seconds <= 600))
    return usageError('--timeout must be a number of seconds, at most 600')
  if (values.auth !== undefined && !values.auth.trim()) return usageError('--auth needs a number')
  let consoleServer: string | undefined
  if (values['console-server'] !== undefined) {
    const parsed = URL.parse(values['console-server'])
    if (
      !parsed ||
      !/^https?:$/.test(parsed.protocol) ||
      parsed.username ||
      parsed.password ||
      parsed.search ||
      parsed.hash
    )
      return usageError(
        '--console-server must be an http(s) URL such as https://console.example.org/console-api/ (no credentials, query or fragment)',
      )
    // As config.json's consoleServer: the routes are below it (<consoleServer>health).
    consoleServer = parsed.href.replace(/\/*$/, '/')
  }

  return {
    kind: 'options',
    options: {
      url,
      database: values.database.trim(),
      origin,
      auth: values.auth?.trim(),
      consoleServer,
      write: values.write,
      json: values.json,
      timeoutMs: seconds * 1000,
    },
  }
}

function checkUrl(text: string): string | ParsedArgs {
  const url = URL.parse(text)
  if (!url || !/^https?:$/.test(url.protocol))
    return usageError('--url must be an http(s) URL such as https://host/svc/v1')
  if (url.username || url.password)
    return usageError('--url must not contain credentials: set them in the environment instead')
  if (url.search || url.hash) return usageError('--url must not have a query or fragment')
  return url.href.replace(/\/+$/, '')
}

const usageError = (message: string): ParsedArgs => ({ kind: 'usage-error', message })
