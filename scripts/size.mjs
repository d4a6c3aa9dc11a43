// Size budget, measured in a real browser: builds the app, serves it with a fresh sandbox, and
// counts the JavaScript Chromium downloads (gzip, level 9, as the deployment serves it
// precompressed) in three phases:
//   1. opening / signed out, until the sign-in form is interactive      budget 150 kB
//   2. what loads afterwards while the page is idle (prefetch)          reported, no budget
//   3. signing in and opening the events list, everything together     budget 231 kB
//   4. what the first use of a row's actions menu then loads            reported, no budget
// Fails over budget. `--json FILE` also writes the figures.
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { API_KEY, PASSWORD, launchBrowser, startApp } from './bench-lib.mjs'

const BUDGET_SIGN_IN = 150_000
const BUDGET_TOTAL = 231_000

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const sum = (files) => files.reduce((total, f) => total + f.gzip, 0)

const { base, stop } = await startApp('size', 200)
const browser = await launchBrowser()
const failures = []
const phases = {}
try {
  const context = await browser.newContext()
  /** Every JavaScript file the browser downloaded (page and workers), in order, with its phase. */
  const fetched = []
  const bodies = []
  let phase = 'signIn'
  context.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin !== base || !/\.m?js$/.test(url.pathname)) return
    const entry = { file: url.pathname, phase, gzip: 0 }
    fetched.push(entry)
    bodies.push(
      response.body().then((body) => {
        entry.gzip = gzipSync(body, { level: 9 }).length
      }),
    )
  })
  const page = await context.newPage()

  await page.goto(`${base}/`)
  const username = page.getByLabel('Username')
  await username.waitFor()
  // Interactive: the field takes typing (React has rendered and hydrated the form).
  await username.fill('x')
  await username.fill('')
  if (!new URL(page.url()).pathname.endsWith('/sign-in'))
    failures.push(`opening / signed out ended on ${page.url()}, not the sign-in page`)

  phase = 'idle'
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1_500)

  phase = 'signedIn'
  if ((await page.getByLabel('API key').count()) > 0) await page.getByLabel('API key').fill(API_KEY)
  await username.fill('staff')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('navigation', { name: 'Main' }).waitFor()
  await page.getByRole('link', { name: 'List', exact: true }).first().click()
  await page.getByRole('table').getByRole('row').nth(1).waitFor()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(500)

  // The first use of a row's actions menu loads its code (React Aria).
  phase = 'firstUse'
  await page
    .getByRole('button', { name: /^Actions for / })
    .first()
    .click()
  await page.getByRole('menu').waitFor()
  await page.waitForLoadState('networkidle')
  await page.keyboard.press('Escape')

  await Promise.all(bodies)
  for (const name of ['signIn', 'idle', 'signedIn', 'firstUse'])
    phases[name] = fetched.filter((f) => f.phase === name)
} finally {
  await browser.close()
  stop()
}

const signIn = sum(phases.signIn)
const idle = sum(phases.idle)
const signedIn = sum(phases.signedIn)
const together = signIn + signedIn
const firstUse = sum(phases.firstUse)

const list = (files) => files.forEach((f) => console.log(`    ${f.file} ${kb(f.gzip)}`))
console.log('Size budget: JavaScript a browser downloads (gzip, level 9)')
console.log(
  `  sign-in form interactive:     ${kb(signIn).padStart(9)}  budget ${kb(BUDGET_SIGN_IN)}`,
)
list(phases.signIn)
console.log(`  prefetched while idle:        ${kb(idle).padStart(9)}  (not counted)`)
list(phases.idle)
console.log(`  + signed in, events list:     ${kb(signedIn).padStart(9)}`)
list(phases.signedIn)
console.log(
  `  together:                     ${kb(together).padStart(9)}  budget ${kb(BUDGET_TOTAL)}`,
)
console.log(`  + first use of a row's menu:  ${kb(firstUse).padStart(9)}  (reported)`)
list(phases.firstUse)

if (signIn > BUDGET_SIGN_IN) failures.push(`sign-in page ${kb(signIn)} > ${kb(BUDGET_SIGN_IN)}`)
if (together > BUDGET_TOTAL) failures.push(`together ${kb(together)} > ${kb(BUDGET_TOTAL)}`)
const jsonAt = process.argv.indexOf('--json')
if (jsonAt > 0)
  writeFileSync(
    process.argv[jsonAt + 1],
    JSON.stringify({ signIn, idle, signedIn, together, firstUse, phases }),
  )
if (failures.length) {
  console.error(`Over budget: ${failures.join('; ')}`)
  process.exit(1)
}
