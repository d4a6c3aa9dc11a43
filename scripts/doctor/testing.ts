import { spawn } from 'node:child_process'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { DEMO_PASSWORD } from '../../sandbox/identity/users'
import { startTestSandbox, type TestSandbox } from '../../sandbox/testing'
import { main } from './main'

/** Helpers of the doctor's tests: a real sandbox on a port, the doctor as a function or a process. */

export const ORIGIN = 'https://console.example.org'
const root = path.resolve(import.meta.dirname, '../..')

/** A fresh sandbox on a free loopback port that allows the console's origin. */
export const startService = () =>
  startTestSandbox({ corsOrigins: [ORIGIN], events: 120 }, { over: 'http' })

export const credentials = (sb: TestSandbox) => ({
  DOCTOR_API_KEY: sb.config.apiKey,
  DOCTOR_USERNAME: 'admin',
  DOCTOR_PASSWORD: DEMO_PASSWORD,
})

export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** `main` as a function: no terminal (nothing is asked), output captured. */
export async function runMain(argv: string[], env: Record<string, string>): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    terminal: { input: new PassThrough(), output: new PassThrough() },
  })
  return { code, stdout, stderr }
}

/** `npm run doctor` as a real process (tsx), credentials in its environment. */
export function runProcess(argv: string[], env: Record<string, string>): Promise<Run> {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs')
  const child = spawn(process.execPath, [tsx, 'scripts/doctor/index.ts', ...argv], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })
}

/** The report's lines with an outcome, e.g. every `FAIL  …` line. */
export const linesOf = (report: string, outcome: string) =>
  report.split('\n').filter((line) => line.startsWith(`${outcome} `))

/** The first auth number of the demo data (the service has no listing of auths). */
export function firstAuthNumber(sb: TestSandbox): string {
  const row = sb.sandbox.context
    .business('demo')
    .prepare('SELECT auth_Number FROM auths ORDER BY auth_Number LIMIT 1')
    .get() as { auth_Number: string }
  return row.auth_Number
}

/**
 * Values of the seeded data, read through the service: event subjects, an auth's number, its
 * member's and provider's names and the member's birth date. None may appear in a report.
 */
export async function seededValues(sb: TestSandbox, authNumber: string): Promise<string[]> {
  const { idToken } = await sb.signIn('admin')
  const events = await sb.call('GET', '/events?pageSize=50', { token: idToken })
  const subjects = (events.data as { subject?: string | null }[]).map((e) => e.subject ?? '')
  const vba = (await sb.call('GET', `/auths-vba/${authNumber}`, { token: idToken })).data as Record<
    string,
    unknown
  >
  const names = ['member_Last_Name', 'member_First_Name', 'member_Birth_Date', 'payee_Name']
    .concat(['provider_Last_Name', 'provider_Org_Name'])
    .map((field) => vba[field])
  await sb.call('POST', '/logout', { token: idToken })
  return [...subjects, ...names, authNumber].filter(
    (v): v is string => typeof v === 'string' && v.length >= 5,
  )
}
