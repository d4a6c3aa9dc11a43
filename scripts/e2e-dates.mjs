// The date matrix: the end-to-end tests tagged @dates, on each day of e2e/date-matrix.ts, with the
// sandbox, the test runner and the browser in each time zone of the matrix. Uses the build in
// dist/ (the main suite builds it; pass --build to build first).
import { runBinSync } from './node-bin.mjs'

const zones = ['America/New_York', 'UTC']
const playwright = (args, env) =>
  runBinSync('@playwright/test', args, { bin: 'playwright', env: { ...process.env, ...env } })

if (process.argv.includes('--build') && runBinSync('vite', ['build', '--logLevel', 'warn']) !== 0)
  process.exit(1)
let failed = 0
for (const TZ of zones) {
  console.log(`\nDate matrix in ${TZ}`)
  const extra = process.argv.slice(2).filter((a) => a !== '--build')
  if (playwright(['test', ...extra], { TZ, E2E_SUITE: 'dates' }) !== 0) failed++
}
process.exit(failed ? 1 : 0)
