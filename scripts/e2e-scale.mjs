// The scale suite: the end-to-end tests tagged @scale, against the console server in front of a
// sandbox of 300,000 events (playwright.config.ts, E2E_SUITE=scale). Uses the build in dist/ (the
// main suite builds it; pass --build to build first).
import { runBinSync } from './node-bin.mjs'

if (process.argv.includes('--build') && runBinSync('vite', ['build', '--logLevel', 'warn']) !== 0)
  process.exit(1)
const extra = process.argv.slice(2).filter((a) => a !== '--build')
const status = runBinSync('@playwright/test', ['test', ...extra], {
  bin: 'playwright',
  env: { ...process.env, E2E_SUITE: 'scale' },
})
process.exit(status === 0 ? 0 : 1)
