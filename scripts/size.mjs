// Size budget: builds the app and reports the gzip size of the JavaScript needed to show the
// sign-in page, and of what signing in and opening the events list adds. Fails over budget.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import path from 'node:path'

const BUDGET_SIGN_IN = 150_000
const BUDGET_TOTAL = 220_000
const dist = path.resolve('dist')

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  })
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'))

/** The JS files a manifest entry needs before it can run: itself and its static imports. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`No chunk for ${key} in the build manifest`)
  if (seen.has(chunk.file)) return seen
  if (chunk.file.endsWith('.js')) seen.add(chunk.file)
  for (const imported of chunk.imports ?? []) closure(imported, seen)
  return seen
}

const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
const total = (files) => [...files].reduce((sum, f) => sum + gzipped(f), 0)
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`

const signIn = closure('index.html')
// The entry loads the app only when it is not framed (src/main.tsx): part of the first page.
closure('src/app/app.tsx', signIn)
closure('src/app/routes/sign-in.tsx', signIn)
const afterSignIn = new Set()
closure('src/app/routes/signed-in.tsx', afterSignIn)
closure('src/app/routes/events-list.tsx', afterSignIn)
for (const f of signIn) afterSignIn.delete(f)

const first = total(signIn)
const added = total(afterSignIn)
console.log('Size budget (gzip, level 9)')
console.log(
  `  sign-in page:                 ${kb(first).padStart(9)}  budget ${kb(BUDGET_SIGN_IN)}`,
)
for (const f of signIn) console.log(`    ${f} ${kb(gzipped(f))}`)
console.log(`  + signed in, events list:     ${kb(added).padStart(9)}`)
for (const f of afterSignIn) console.log(`    ${f} ${kb(gzipped(f))}`)
console.log(
  `  together:                     ${kb(first + added).padStart(9)}  budget ${kb(BUDGET_TOTAL)}`,
)

const failures = []
if (first > BUDGET_SIGN_IN) failures.push(`sign-in page ${kb(first)} > ${kb(BUDGET_SIGN_IN)}`)
if (first + added > BUDGET_TOTAL)
  failures.push(`together ${kb(first + added)} > ${kb(BUDGET_TOTAL)}`)
if (failures.length) {
  console.error(`Over budget: ${failures.join('; ')}`)
  process.exit(1)
}
