// Before the end-to-end tests: when no system Chromium is found, install Playwright's own,
// so `npm test` works on any fresh machine with Node and a network.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumPath } from './browser.mjs'

if (chromiumPath()) process.exit(0)
if (existsSync(chromium.executablePath())) process.exit(0)
console.log('No Chromium found (CHROMIUM_PATH, /usr/bin/chromium): installing Playwright Chromium')
const result = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' })
process.exit(result.status ?? 1)
