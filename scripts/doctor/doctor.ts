import type { DoctorOptions } from './args'
import { checkConsoleServer } from './checks/console-server'
import { checkCors } from './checks/cors'
import { checkDates } from './checks/dates'
import { checkPaging } from './checks/paging'
import { checkProblems } from './checks/problems'
import { checkReads } from './checks/reads'
import { checkHeaders, checkSignIn, signOut } from './checks/sign-in'
import { checkWrite } from './checks/write'
import { createContext, type DoctorContext } from './context'
import { DEFAULT_LIMITS, type HttpLimits } from './http'
import type { Report } from './report'
import type { Secrets } from './secrets'

/** The checks after sign-in, in order, by the group they report under. */
const STAGES: [string, (ctx: DoctorContext) => Promise<void> | void][] = [
  ['headers', checkHeaders],
  ['cors', checkCors],
  ['reads', checkReads],
  ['paging', checkPaging],
  ['dates', checkDates],
  ['problems', checkProblems],
  ['console-server', checkConsoleServer],
  ['write', checkWrite],
]

/**
 * Runs every check against the service and returns the report. Never throws for anything the
 * service does: an unreachable service, a timeout or a strange answer is a FAIL line.
 */
export async function runDoctor(
  options: DoctorOptions,
  secrets: Secrets,
  limits: Partial<HttpLimits> = {},
): Promise<Report> {
  const ctx = createContext(options, secrets, {
    ...DEFAULT_LIMITS,
    timeoutMs: options.timeoutMs,
    ...limits,
  })
  const report: Report = {
    url: options.url,
    database: options.database,
    startedAt: new Date().toISOString(),
    checks: ctx.checks,
  }
  checkTransport(ctx)
  await checkSignIn(ctx)
  for (const [group, run] of STAGES) {
    if (ctx.unreachable || !ctx.token) {
      const why = ctx.unreachable
        ? 'the service could not be reached (see the FAIL above)'
        : 'no usable token (see sign-in above)'
      ctx.add(group, 'all checks', 'SKIP', 'a token and a reachable service', why)
      continue
    }
    await run(ctx)
  }
  if (!ctx.unreachable) await signOut(ctx)
  return report
}

const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/

/** Credentials over plain HTTP to another machine are worth a warning. */
function checkTransport(ctx: DoctorContext) {
  const url = new URL(ctx.options.url)
  if (url.protocol === 'https:' || LOCAL.test(url.hostname)) return
  ctx.add(
    'transport',
    'HTTPS',
    'WARN',
    'https:// for a service on another machine',
    `${url.protocol}// : the API key, password and member data travel unencrypted`,
  )
}
