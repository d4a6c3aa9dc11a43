import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test'
import { DATE_MATRIX, matrixDays } from './e2e/date-matrix'
// @ts-expect-error: plain JS helper shared with scripts/ensure-browser.mjs
import { chromiumPath } from './scripts/browser.mjs'

/*
 * Two suites over the built app, with the sandbox behind /api:
 * - main (default): every spec, on today's date, against one server that runs the console's own
 *   server in front of the sandbox (as `npm start` does); the specs of the sign-in page's API key
 *   (`sign-in.spec.ts`) and those tagged @direct run in the `direct` project instead, against a
 *   second server without it (`CONSOLE_SERVER=off`: the console talking to the service alone),
 *   and those tagged @scoped in the `scoped` project, against a third with `EVENT_SCOPE=staff=own`;
 * - dates (E2E_SUITE=dates, run by scripts/e2e-dates.mjs once per time zone with TZ set): the
 *   tests tagged @dates, once per day of DATE_MATRIX, each against a server started on that day;
 * - scale (E2E_SUITE=scale, run by scripts/e2e-scale.mjs): the tests tagged @scale, against the
 *   console server in front of a sandbox of 300,000 events (past the browser index's limit).
 */
const suite = (['dates', 'scale'] as const).find((s) => s === process.env.E2E_SUITE) ?? 'main'
/** The events of the scale suite's sandbox: more than `eventIndexLimit` (250,000). */
export const SCALE_EVENTS = 300_000
/**
 * Ports fetch refuses to connect to (the Fetch standard's "bad ports", which Chromium and Node's
 * fetch both enforce) in the range the suite uses: the app at `port`, the console-less app at
 * +1000, the sandbox behind the console server at +2000, and the date matrix's days at +1, +2, …
 */
const BAD_PORTS = new Set([
  4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697,
])
/** The app at `port` and the servers beside it, at these offsets from it. */
const OFFSETS = [0, 1000, 2000, 3000, ...DATE_MATRIX.map((_, i) => 1 + i)]
/** A base port whose every offset is free now (scripts/free-port.mjs); chosen once, then inherited. */
const pickPort = (): number =>
  Number(
    execFileSync(process.execPath, [
      fileURLToPath(new URL('./scripts/free-port.mjs', import.meta.url)),
      JSON.stringify({ from: 4000, to: 4900, offsets: OFFSETS, refused: [...BAD_PORTS] }),
    ]).toString(),
  )
const port = Number(process.env.E2E_PORT ?? pickPort())
process.env.E2E_PORT = String(port)
const freshDir = () => mkdtempSync(path.join(tmpdir(), 'e2e-sandbox-'))

const executablePath = chromiumPath() as string | undefined
const preview = (p: number) => `npx vite preview --port ${p} --strictPort --host 127.0.0.1`
const server = (p: number, env: Record<string, string>, build: false | string = false) => ({
  command: build
    ? `npx vite build --logLevel warn --outDir ${build} --emptyOutDir && ${preview(p)} --outDir ${build}`
    : preview(p),
  // Ready when the service answers through it, not when the app's files do: the first answer
  // waits for the console server's start (11 s on a busy machine), which the first test's 30 s
  // would otherwise pay.
  url: `http://127.0.0.1:${p}/api/`,
  timeout: 120_000,
  reuseExistingServer: false,
  env: { SANDBOX_EVENTS: '2000', ...env },
  stdout: 'pipe' as const,
})

const zone = process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone

const suites: Record<typeof suite, Pick<PlaywrightTestConfig, 'projects' | 'webServer'>> = {
  main: {
    projects: [
      {
        name: 'main',
        testIgnore: /sign-in\.spec/,
        grepInvert: /@direct|@scale|@scoped/,
        use: { baseURL: `http://127.0.0.1:${port}` },
      },
      {
        name: 'direct',
        grep: /@direct|sign-in\.spec/,
        use: { baseURL: `http://127.0.0.1:${port + 1000}` },
      },
      {
        name: 'scoped',
        grep: /@scoped/,
        use: { baseURL: `http://127.0.0.1:${port + 3000}` },
      },
    ],
    // The main suite runs on the real date, whatever SANDBOX_TODAY the shell has.
    webServer: [
      // The sandbox behind the console server on a known port: a spec writes to it directly, as
      // a client of the service that is not the console would.
      server(
        port,
        { SANDBOX_DATA_DIR: freshDir(), SANDBOX_TODAY: '', SANDBOX_PORT: String(port + 2000) },
        'dist',
      ),
      server(
        port + 1000,
        { SANDBOX_DATA_DIR: freshDir(), SANDBOX_TODAY: '', CONSOLE_SERVER: 'off' },
        mkdtempSync(path.join(tmpdir(), 'e2e-direct-dist-')),
      ),
      // Scoping on: staff find their own and their groups' events only (the build of the first).
      server(port + 3000, {
        SANDBOX_DATA_DIR: freshDir(),
        SANDBOX_TODAY: '',
        EVENT_SCOPE: 'staff=own',
        EVENT_INDEX: 'server',
      }),
    ],
  },
  scale: {
    projects: [
      {
        name: 'scale',
        grep: /@scale/,
        use: { baseURL: `http://127.0.0.1:${port}` },
      },
    ],
    webServer: [
      server(port, {
        SANDBOX_DATA_DIR: freshDir(),
        SANDBOX_TODAY: '',
        SANDBOX_PORT: String(port + 2000),
        SANDBOX_EVENTS: String(SCALE_EVENTS),
        // Past the browser index's limit: the server answers the views.
        EVENT_INDEX: 'server',
        // One database: the server's first load reads it alone.
        SANDBOX_DATABASES: 'demo',
      }),
    ],
  },
  dates: {
    projects: matrixDays(zone).map((day, i) => ({
      name: `${day.name} (${zone})`,
      grep: /@dates/,
      use: { baseURL: `http://127.0.0.1:${port + 1 + i}`, timezoneId: zone, fixedClock: true },
    })),
    webServer: matrixDays(zone).map((day, i) =>
      server(port + 1 + i, {
        SANDBOX_DATA_DIR: freshDir(),
        SANDBOX_TODAY: day.today,
        TZ: zone,
        // The days' rules are the browser's, read alike from the service or the server's copy
        // (server/routes/mirror-list.test.ts); one server a day is enough for two cores.
        CONSOLE_SERVER: 'off',
      }),
    ),
  },
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    // The console follows the browser's locale; the tests read British dates (24 Nov 2026).
    locale: 'en-GB',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  ...suites[suite],
})
