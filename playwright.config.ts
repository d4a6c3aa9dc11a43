import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
// @ts-expect-error: plain JS helper shared with scripts/ensure-browser.mjs
import { chromiumPath } from './scripts/browser.mjs'

// The built app with the sandbox mounted at /api, on a free-ish port, over a fresh data dir.
const port = Number(process.env.E2E_PORT ?? 4000 + Math.floor(Math.random() * 900))
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'e2e-sandbox-'))
process.env.E2E_DATA_DIR = dataDir
process.env.E2E_PORT = String(port)

const executablePath = chromiumPath() as string | undefined

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
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
  webServer: {
    command: `npx vite build --logLevel warn && npx vite preview --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}/config.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { SANDBOX_DATA_DIR: dataDir, SANDBOX_EVENTS: '2000' },
    stdout: 'pipe',
  },
})
