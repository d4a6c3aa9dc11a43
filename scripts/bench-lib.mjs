// What the browser benchmarks share: a production build served by `vite preview` with a fresh
// sandbox of N events, Debian's Chromium, signing in, medians.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumPath } from './browser.mjs'
import { spawnBin } from './node-bin.mjs'

export const API_KEY = 'sandbox-key'
export const PASSWORD = 'Sandbox!2026'

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

function runVite(args) {
  return new Promise((resolve, reject) => {
    const child = spawnBin('vite', args, { stdio: 'inherit' })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite ${args[0]}: ${code}`)),
    )
  })
}

async function waitFor(url, timeoutMs = 600_000, answered = (r) => r.ok) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if (answered(await fetch(url))) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer`)
}

/**
 * Builds the app into a temporary folder and serves it with a fresh sandbox of `events` events
 * (and the console server in front of it, as `npm start` does; `env` adds settings, e.g.
 * `EVENT_INDEX: 'browser'` for each tab's own index). Resolves once the service answers (seeding
 * a large sandbox takes a while).
 */
export async function startApp(name, events, env = {}, { serviceApart = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-data-`))
  const outDir = mkdtempSync(path.join(tmpdir(), `${name}-dist-`))
  console.log(`Building into ${outDir}…`)
  await runVite(['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'])
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const sandboxEnv = {
    ...process.env,
    SANDBOX_DATA_DIR: dataDir,
    SANDBOX_EVENTS: String(events),
    ...env,
  }
  // With `serviceApart`, the sandbox serves from a process of its own, as a deployment's service
  // runs apart from the console server: neither holds the other's thread.
  const servicePort = serviceApart ? await freePort() : null
  const service =
    servicePort === null
      ? null
      : spawnBin('tsx', ['sandbox/index.ts', '--port', String(servicePort)], {
          stdio: 'ignore',
          env: { ...sandboxEnv, SANDBOX_TRUSTED_PROXIES: '127.0.0.1,::ffff:127.0.0.1' },
        })
  // Seeded before the console server starts, so its first load is not paused by failed reads.
  if (service)
    await waitFor(`http://127.0.0.1:${servicePort}/api/`, 900_000, (r) => r.status === 403).catch(
      (error) => {
        service.kill()
        throw error
      },
    )
  const server = spawnBin(
    'vite',
    ['preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      stdio: 'ignore',
      env: {
        ...sandboxEnv,
        ...(servicePort !== null && {
          SANDBOX_SERVICE_URL: `http://127.0.0.1:${servicePort}/api`,
        }),
      },
    },
  )
  const stop = () => {
    server.kill()
    service?.kill()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(outDir, { recursive: true, force: true })
  }
  try {
    await waitFor(`${base}/config.json`)
    // The first API answer comes once the sandbox has seeded its events.
    // (Without an API key it answers 403, with the service's own envelope; through the console
    // server, which adds the key, 401 for want of a token.)
    await waitFor(`${base}/api/`, 900_000, (r) => r.status === 403 || r.status === 401)
  } catch (error) {
    stop()
    throw error
  }
  return { base, stop, pid: server.pid }
}

export const launchBrowser = () =>
  chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })

export async function signIn(page, base, user = 'admin') {
  await page.goto(`${base}/sign-in`)
  await page.getByLabel('Username').waitFor()
  // Asked only without the console server, which holds the key.
  if ((await page.getByLabel('API key').count()) > 0) await page.getByLabel('API key').fill(API_KEY)
  await page.getByLabel('Username').fill(user)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0
}
export const ms = (x) => `${Math.round(x)} ms`

/**
 * Time from an input to the status showing a different count, after the next frame. `act`:
 * `{ kind: 'search' | 'select', value, label = 'Due', status = the list's total's pattern,
 * timeoutMs = 5000 }`; NaN when the status never changed.
 */
export async function timeAction(page, act) {
  return page.evaluate(async (action) => {
    const shows = new RegExp(action.status ?? ' of [\\d,]+ events?$')
    const status = [...document.querySelectorAll('[role="status"]')].find((el) =>
      shows.test(el.textContent ?? ''),
    )
    const before = status.textContent
    const started = performance.now()
    window.__actionAt = started
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (status.textContent !== before) {
          observer.disconnect()
          requestAnimationFrame(() => resolve(performance.now() - started))
        }
      })
      observer.observe(status, { subtree: true, childList: true, characterData: true })
      setTimeout(() => resolve(NaN), action.timeoutMs ?? 5000)
    })
    const set = (el, value) => {
      const proto = el instanceof HTMLSelectElement ? HTMLSelectElement : HTMLInputElement
      Object.getOwnPropertyDescriptor(proto.prototype, 'value').set.call(el, value)
      el.dispatchEvent(
        new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      )
    }
    if (action.kind === 'search') set(document.querySelector('input[type="search"]'), action.value)
    else {
      const named = action.label ?? 'Due'
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent === named)
      set(document.getElementById(label.htmlFor), action.value)
    }
    return changed
  }, act)
}

/**
 * `actions` rounds of a search keystroke (the word grows, then it is cleared) and a change of
 * the Due filter, each timed by `timeAction`; the times that came (a change never seen is left
 * out by the caller).
 */
export async function timeSearchAndFilter(page, actions) {
  const words = ['claim', 'review', 'member', 'provider', 'audit']
  const search = []
  const filter = []
  /**
   * Each action: what it was, its time, the minute it began in, the requests it made and the
   * long tasks that ran meanwhile.
   */
  const each = []
  let due = ''
  const timed = async (act) => {
    const took = await timeAction(page, act)
    const { minute, requests, tasks } = await page.evaluate(() => ({
      minute: new Date(performance.timeOrigin + window.__actionAt).getUTCMinutes(),
      // The main thread's long tasks since the action, where the page records them.
      tasks: (window.__longTasks ?? [])
        .filter((t) => t.at + t.took >= window.__actionAt)
        .map((t) => ({ at: Math.round(t.at - window.__actionAt), took: t.took })),
      requests: performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime >= window.__actionAt && e.initiatorType === 'fetch')
        .map((e) => ({
          path: new URL(e.name).pathname.replace(/^\/console-api\//, ''),
          at: Math.round(e.startTime - window.__actionAt),
          took: Math.round(e.duration),
          wait: Math.round(e.responseStart - e.requestStart),
        })),
    }))
    if (act.kind === 'due') due = act.value
    each.push({ what: `${act.kind} "${act.value}" (due "${due}")`, took, minute, requests, tasks })
    return took
  }
  for (let i = 0; i < actions; i++) {
    const word = words[i % words.length]
    search.push(await timed({ kind: 'search', value: word.slice(0, 3 + (i % 3)) }))
    search.push(await timed({ kind: 'search', value: '' }))
    filter.push(await timed({ kind: 'due', value: ['overdue', 'week', 'today', ''][i % 4] }))
  }
  return { search, filter, each }
}

/** The list's total once it counts every one of `events` events. */
export const everyEvent = (page, events) =>
  page
    .getByRole('status')
    .filter({ hasText: new RegExp(` of ${events.toLocaleString('en-GB')} events$`) })

/** Signs in from /events (the sign-in page sends the user back there). */
export async function signInToList(page, base) {
  await page.goto(`${base}/events`)
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('Password').fill(PASSWORD)
  // A person takes a moment to type: the page is up 2 s before the click, as it would be.
  await page.waitForTimeout(2000)
}

/**
 * Waits until the server's copy holds every one of `events` events (its health says so), asking
 * every 10 s as an administrator signed in over HTTP; returns how long it took. (A list reloaded
 * meanwhile would ask the server for its page, total and facets over the growing table each time,
 * in the thread that stores the pages, and slow the load it waits for.)
 */
export async function waitForFirstLoad(base, events) {
  const started = Date.now()
  const headers = { 'x-api-key': API_KEY, 'service-database': 'demo' }
  let token = null
  for (;;) {
    try {
      if (token === null) {
        const signedIn = await fetch(`${base}/api/user-authentication`, {
          method: 'POST',
          headers: {
            ...headers,
            authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`,
          },
        })
        if (signedIn.ok) token = (await signedIn.json()).data.authenticationResult.idToken
      }
      if (token !== null) {
        const health = await fetch(`${base}/console-api/health`, {
          headers: { ...headers, authorization: `Bearer ${token}` },
        })
        if (health.status === 401) token = null
        const demo = health.ok
          ? (await health.json()).data.databases.find((d) => d.database === 'demo')
          : null
        if (demo && demo.events >= events && demo.phase === 'ready') break
      }
    } catch {
      // The server too busy to answer: asked again below.
    }
    if (Date.now() - started > 30 * 60_000) throw new Error('the first load took over 30 min')
    await new Promise((resolve) => setTimeout(resolve, 10_000))
  }
  return Date.now() - started
}

/** The processes descending from `pid` (children, theirs, …), from /proc. */
function descendants(pid) {
  const parents = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may hold spaces and parentheses: the fields after its last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(Number(entry), ppid)
    } catch {
      // gone meanwhile
    }
  }
  const found = []
  const walk = (p) => {
    for (const [child, parent] of parents)
      if (parent === p) {
        found.push(child)
        walk(child)
      }
  }
  walk(pid)
  return found
}

const statusKb = (pid, field) =>
  Number(
    new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ??
      0,
  )

/**
 * The memory of the process serving the app and the console server (`pid`) and of the embedded
 * Postgres it runs: the server's peak resident memory (VmHWM), and the Postgres processes' memory
 * now as their proportional share (PSS: the shared buffers counted once, not once a process).
 */
export function serverMemory(pid) {
  let postgresKb = 0
  let postgres = 0
  for (const child of descendants(pid)) {
    try {
      if (readFileSync(`/proc/${child}/comm`, 'utf8').trim() !== 'postgres') continue
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child}/smaps_rollup`, 'utf8'))
      postgresKb += Number(pss?.[1] ?? 0)
      postgres++
    } catch {
      // gone meanwhile
    }
  }
  return { serverPeakMb: statusKb(pid, 'VmHWM') / 1024, postgresMb: postgresKb / 1024, postgres }
}
