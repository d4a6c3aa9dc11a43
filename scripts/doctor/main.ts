import { inspect } from 'node:util'
import { parseDoctorArgs, USAGE } from './args'
import { runDoctor } from './doctor'
import type { HttpLimits } from './http'
import { Printer, type Sink } from './output'
import { exitCodeOf, formatJson, formatText } from './report'
import { gatherSecrets, type Secrets, type Terminal } from './secrets'

export interface MainIO {
  env: Record<string, string | undefined>
  stdout: Sink
  stderr: Sink
  terminal: Terminal
  /** Overrides of the HTTP limits (tests). */
  limits?: Partial<HttpLimits>
}

const USAGE_LINES = USAGE.trimEnd().split('\n')

/**
 * The doctor's command: returns the exit code (0 works, 1 some FAIL or an internal error, 2
 * usage error). Never throws. Everything it prints goes through one `Printer` (`output.ts`),
 * which makes each line printable and masks the API key, password and token.
 */
export async function main(argv: string[], io: MainIO): Promise<number> {
  const print = new Printer(io.stdout, io.stderr)
  try {
    print.mask(io.env.DOCTOR_API_KEY, io.env.DOCTOR_PASSWORD, io.env.DOCTOR_TOKEN)
    return await run(argv, io, print)
  } catch (error) {
    // A bug of the doctor's own: one line, no message or stack (either could quote an answer),
    // unless DOCTOR_DEBUG asks for them; printed like the rest, so masked and printable.
    print.err([`doctor: internal error (${error instanceof Error ? error.name : 'unknown'})`])
    if (io.env.DOCTOR_DEBUG) print.err(describeError(error).split('\n'))
    else print.err(['Set DOCTOR_DEBUG=1 to see where (the output may then quote an answer).'])
    return 1
  }
}

async function run(argv: string[], io: MainIO, print: Printer): Promise<number> {
  const parsed = parseDoctorArgs(argv)
  if (parsed.kind === 'help') {
    print.out(USAGE_LINES)
    return 0
  }
  if (parsed.kind === 'usage-error') {
    print.err([`doctor: ${parsed.message}`, '', ...USAGE_LINES])
    return 2
  }
  const secrets = await gatherSecrets(io.env, io.terminal)
  if (!secrets.ok) {
    print.err([`doctor: ${secrets.message}`, '', ...USAGE_LINES])
    return 2
  }
  maskSecrets(print, secrets.secrets)
  const report = await runDoctor(parsed.options, secrets.secrets, io.limits)
  print.out(parsed.options.json ? formatJson(report) : formatText(report))
  return exitCodeOf(report)
}

/** The secrets as given or typed, and the HTTP Basic credentials they are sent as. */
function maskSecrets(print: Printer, { apiKey, password, token, username }: Secrets) {
  print.mask(apiKey, password, token)
  if (username !== undefined && password !== undefined)
    print.mask(Buffer.from(`${username}:${password}`, 'utf8').toString('base64'))
}

/** The error with its stack and causes (for DOCTOR_DEBUG). */
function describeError(error: unknown): string {
  try {
    return inspect(error, { depth: 4 })
  } catch {
    return 'the error could not be described'
  }
}
