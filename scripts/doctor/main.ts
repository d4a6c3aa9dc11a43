import { parseDoctorArgs, USAGE } from './args'
import { runDoctor } from './doctor'
import type { HttpLimits } from './http'
import { exitCodeOf, formatJson, formatText } from './report'
import { gatherSecrets, type Terminal } from './secrets'

export interface MainIO {
  env: Record<string, string | undefined>
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  terminal: Terminal
  /** Overrides of the HTTP limits (tests). */
  limits?: Partial<HttpLimits>
}

/** The doctor's command: returns the exit code (0 works, 1 some FAIL, 2 usage error). */
export async function main(argv: string[], io: MainIO): Promise<number> {
  const parsed = parseDoctorArgs(argv)
  if (parsed.kind === 'help') {
    io.stdout.write(USAGE)
    return 0
  }
  if (parsed.kind === 'usage-error') {
    io.stderr.write(`doctor: ${parsed.message}\n\n${USAGE}`)
    return 2
  }
  const secrets = await gatherSecrets(io.env, io.terminal)
  if (!secrets.ok) {
    io.stderr.write(`doctor: ${secrets.message}\n\n${USAGE}`)
    return 2
  }
  const report = await runDoctor(parsed.options, secrets.secrets, io.limits)
  io.stdout.write(parsed.options.json ? formatJson(report) : formatText(report))
  return exitCodeOf(report)
}
