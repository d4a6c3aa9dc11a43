// Before the end-to-end tests: when no system Chromium is found, install Playwright's own,
// so `npm test` works on any fresh machine with Node and a network.
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumPath } from './browser.mjs'
import { runBinSync } from './node-bin.mjs'

if (chromiumPath()) process.exit(0)
if (existsSync(chromium.executablePath())) process.exit(0)
console.log('No Chromium found (CHROMIUM_PATH, /usr/bin/chromium): installing Playwright Chromium')
process.exit(runBinSync('@playwright/test', ['install', 'chromium'], { bin: 'playwright' }))
