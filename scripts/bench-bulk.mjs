// Bulk change benchmark (`npm run bench:bulk`): builds the app, serves it with a fresh sandbox of
// BENCH_EVENTS events (default 100,000), signs in with Chromium, opens the events list filtered
// to about BENCH_MATCHING events (default 5,000: a range of due dates, widened a day at a time
// until it holds that many), and per run in a fresh browser context:
//   1. "Select all N matching" (the IDs from the index's worker): time to "All N matching
//      selected";
//   2. a bulk change of all of them (Set status, a new value each run, so every event is sent):
//      time from the dialog's button to the results panel ("N of N updated") and to the list's
//      rows showing the new value, and the longest main-thread task from the click until a
//      second after that (long-task observer: it reports tasks of 50 ms and more);
// then checks through the API that the events changed. Targets: none set before this run.
//
//   BENCH_EVENTS=100000 BENCH_RUNS=3 npm run bench:bulk
//   BENCH_INDEX=server BENCH_EVENTS=1000000 BENCH_MATCHING=50000 BENCH_SELECT_ONLY=1 npm run bench:bulk
import { loadavg } from 'node:os'
import {
  API_KEY,
  launchBrowser,
  median,
  ms,
  signIn,
  startApp,
  waitForFirstLoad,
} from './bench-lib.mjs'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000)
const MATCHING = Number(process.env.BENCH_MATCHING ?? 5_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** BENCH_SELECT_ONLY=1: only "Select all matching", no change sent (a change of 50,000 takes minutes). */
const SELECT_ONLY = process.env.BENCH_SELECT_ONLY === '1'
const fmt = (n) => n.toLocaleString('en-GB')
const pad = (n) => String(n).padStart(2, '0')
const day = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

function instrument() {
  const bench = { longTasks: [], doneAt: null }
  window.__bench = bench
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
}

const totalStatus = (page) =>
  page.getByRole('status').filter({ hasText: new RegExp(` of ${fmt(EVENTS)} events$`) })
const countOf = async (page) =>
  Number((await totalStatus(page).textContent()).split(' of ')[0].replace(/[^\d]/g, ''))

async function openList(context, base, query) {
  const page = await context.newPage()
  await page.addInitScript(instrument)
  await signIn(page, base)
  await page.goto(`${base}/events?${query}`)
  await totalStatus(page).waitFor({ timeout: 180_000 })
  return page
}

/** A due-date range from today holding at least MATCHING events (the page's own count). */
async function findRange(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const from = new Date()
  const to = new Date(from)
  const page = await openList(context, base, `due=range&from=${day(from)}&to=${day(to)}`)
  for (let days = 0; days < 120; days++) {
    to.setDate(to.getDate() + 1)
    const before = await countOf(page)
    await page.evaluate((value) => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent === 'To')
      const input = document.getElementById(label.htmlFor)
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value)
      input.dispatchEvent(new Event('input', { bubbles: true }))
      input.dispatchEvent(new Event('change', { bubbles: true }))
    }, day(to))
    await page
      .waitForFunction(
        ([re, was]) =>
          [...document.querySelectorAll('[role="status"]')].some(
            (el) => new RegExp(re).test(el.textContent) && !el.textContent.startsWith(was),
          ),
        [` of ${fmt(EVENTS)} events$`, `${fmt(before)} of`],
        { timeout: 20_000 },
      )
      .catch(() => undefined)
    if ((await countOf(page)) >= MATCHING) break
  }
  const found = await countOf(page)
  await context.close()
  return { query: `due=range&from=${day(from)}&to=${day(to)}`, found }
}

async function measure(browser, base, query, run) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const page = await openList(context, base, query)
  const matching = await countOf(page)
  await page.getByRole('checkbox', { name: 'Select all events on this page' }).check()
  const bar = page.getByRole('group', { name: 'Bulk actions for the selected events' })
  const selectAll = bar.getByRole('button', { name: `Select all ${fmt(matching)} matching` })
  const selectStarted = Date.now()
  await selectAll.click()
  await bar.getByText(`All ${fmt(matching)} matching selected`).waitFor()
  const selectTime = Date.now() - selectStarted
  console.log(
    `  run ${run}: "Select all ${fmt(matching)} matching" to selected in ${ms(selectTime)}`,
  )
  if (SELECT_ONLY) {
    await context.close()
    return { matching, selectTime }
  }

  await bar.getByRole('button', { name: 'Set status…' }).click()
  const dialog = page.getByRole('dialog', { name: `Set the status of ${fmt(matching)} events` })
  const status = `Bench ${run} ${Date.now()}`
  await dialog.getByLabel('Status').fill(status)
  // Started in the page (the click), done when the results panel's heading appears.
  const started = await page.evaluate(() => {
    const bench = window.__bench
    new MutationObserver((_, observer) => {
      if (document.getElementById('batch-results-title')) {
        bench.doneAt = performance.now()
        observer.disconnect()
      }
    }).observe(document.body, { subtree: true, childList: true })
    const button = [...document.querySelectorAll('dialog button')].find(
      (b) => b.textContent === 'Set status',
    )
    const at = performance.now()
    button.click()
    return at
  })
  await page.waitForFunction(() => window.__bench.doneAt !== null, null, { timeout: 600_000 })
  // Then until the list's rows show the change (the index updated, the page re-rendered), and a
  // second more, so the work after the results panel counts too.
  await page.waitForFunction(
    (value) => document.querySelector('tbody')?.textContent?.includes(value),
    status,
    { timeout: 60_000 },
  )
  const shownAt = await page.evaluate(() => performance.now())
  await page.waitForTimeout(1000)
  const { doneAt, longTasks } = await page.evaluate(() => window.__bench)
  const end = shownAt + 1000
  const heading = await page.locator('#batch-results-title').textContent()
  const updated = Number(/: ([\d,]+) of/.exec(heading)[1].replace(/,/g, ''))
  const during = longTasks.filter(([t, d]) => t + d >= started && t <= end)
  const maxTask = Math.max(0, ...during.map(([, d]) => d))
  const tasksOver50 = during.length
  // Where they fell: ms after the click, and how long (the last is the results' render).
  const where = during.map(([t, d]) => `${Math.round(t - started)}+${Math.round(d)}`).join(', ')

  // What the service holds: a few of them, read back through the API.
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('bac.session') ?? '{}').token,
  )
  const sample = await page.request.get(
    `${base}/api/events?page=1&pageSize=1000&sortBy=update_Date:desc`,
    {
      headers: {
        authorization: `Bearer ${token}`,
        'x-api-key': API_KEY,
        'service-database': 'demo',
      },
    },
  )
  const newest = (await sample.json()).data
  const changedSeen = newest.filter((e) => e.status === status).length
  await context.close()
  return {
    matching,
    selectTime,
    done: doneAt - started,
    shown: shownAt - started,
    maxTask,
    tasksOver50,
    where,
    updated,
    changedSeen,
  }
}

// Each tab's own index by default; BENCH_INDEX=server has the console server answer (its IDs of
// every match), as a plan past the tab's limit needs.
const app = await startApp('bench-bulk', EVENTS, {
  EVENT_INDEX: process.env.BENCH_INDEX ?? 'browser',
  // One database: the server's first load reads it alone.
  SANDBOX_DATABASES: 'demo',
})
try {
  const browser = await launchBrowser()
  if (process.env.BENCH_INDEX === 'server') {
    const loaded = await waitForFirstLoad(app.base, EVENTS)
    console.log(
      `  the server's first load (its health: every event held): ${(loaded / 1000).toFixed(0)} s`,
    )
  }
  const { query, found } = await findRange(browser, app.base)
  console.log(`  filter: ${query} (${fmt(found)} matching)`)
  const runs = []
  for (let i = 1; i <= RUNS; i++) {
    const r = await measure(browser, app.base, query, i)
    runs.push(r)
    if (SELECT_ONLY) continue
    console.log(
      `  run ${i}: ${fmt(r.updated)} of ${fmt(r.matching)} updated in ${ms(r.done)} (rows show it at ${ms(r.shown)}); longest task ${r.maxTask ? ms(r.maxTask) : '< 50 ms'} ` +
        `(${r.tasksOver50} over 50 ms${r.where ? `: at ${r.where} ms` : ''}); select all matching ${ms(r.selectTime)}; ` +
        `service's newest 1,000 with the new status: ${fmt(r.changedSeen)}; load ${loadavg()[0].toFixed(1)}`,
    )
    if (r.updated !== r.matching) console.log('  NOT EVERY EVENT WAS UPDATED')
  }
  await browser.close()
  const m = (f) => median(runs.map(f))
  if (SELECT_ONLY)
    console.log(
      `\n"Select all ${fmt(runs[0].matching)} matching" to selected, ${fmt(EVENTS)} events, ` +
        `median of ${RUNS} runs: ${ms(m((r) => r.selectTime))}; load ${loadavg()[0].toFixed(1)}`,
    )
  else printChange(runs, m)
} finally {
  app.stop()
}

/** The bulk change's figures, median of the runs. */
function printChange(runs, m) {
  console.log(
    `\nBulk change benchmark, ${fmt(EVENTS)} events, ${fmt(runs[0].matching)} matching, median of ${RUNS} runs`,
  )
  console.log(`  bulk change (Set status) to done           ${ms(m((r) => r.done)).padStart(9)}`)
  console.log(`  ... to the list's rows showing it          ${ms(m((r) => r.shown)).padStart(9)}`)
  // The long-task observer reports tasks of 50 ms and more only: 0 means none that long.
  const longest = m((r) => r.maxTask)
  console.log(
    `  longest main-thread task meanwhile         ${(longest ? ms(longest) : '< 50 ms').padStart(9)}`,
  )
  console.log(
    `  tasks over 50 ms meanwhile                 ${String(m((r) => r.tasksOver50)).padStart(9)}`,
  )
  console.log(
    `  "Select all matching" to selected          ${ms(m((r) => r.selectTime)).padStart(9)}`,
  )
  console.log(
    `  machine load average (1/5/15 min): ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')}`,
  )
}
