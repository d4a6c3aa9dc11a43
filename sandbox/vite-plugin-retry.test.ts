import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it, vi } from 'vitest'
import { preview } from 'vite'

/*
 * A console server that fails to start leaves nothing behind: the sandbox's port and databases
 * are let go, so the next request starts both again on the same port; and a closed Vite server
 * lets that port go too.
 */
const work = mkdtempSync(path.join(tmpdir(), 'vite-retry-'))

afterAll(() => {
  vi.unstubAllEnvs()
  rmSync(work, { recursive: true, force: true })
})

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

/** Whether something can listen on `port` now (nothing else holds it). */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createNetServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

it(
  'a failed start lets the sandbox’s port go; the next request starts again on it',
  { timeout: 90_000 },
  async () => {
    const port = await freePort()
    vi.stubEnv('SANDBOX_PORT', String(port))
    vi.stubEnv('SANDBOX_EVENTS', '5')
    vi.stubEnv('SANDBOX_DATA_DIR', path.join(work, 'data'))
    // The embedded storage, whatever the shell names: with a Postgres server it would open.
    vi.stubEnv('DATABASE_URL', '')
    // The console server's data folder is a file: its storage cannot open, the start fails.
    const notAFolder = path.join(work, 'not-a-folder')
    writeFileSync(notAFolder, '')
    vi.stubEnv('CONSOLE_DATA_DIR', notAFolder)
    const outDir = path.join(work, 'dist')
    mkdirSync(outDir)
    copyFileSync('index.html', path.join(outDir, 'index.html'))
    const served = await preview({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'silent',
      build: { outDir },
      preview: { port: 0, host: '127.0.0.1', strictPort: false },
    })
    try {
      const { port: vitePort } = served.httpServer.address() as AddressInfo
      const origin = `http://127.0.0.1:${vitePort}`
      const failed = await fetch(`${origin}/api/`)
      expect(failed.status).toBe(503)
      expect(await failed.text()).toContain('failed to start')
      expect(await canListen(port)).toBe(true)

      // Mended, the next request starts the sandbox and the console server again: the same port.
      vi.stubEnv('CONSOLE_DATA_DIR', path.join(work, 'console'))
      const again = await fetch(`${origin}/api/`)
      expect(again.status).toBeLessThan(500)
      expect(await canListen(port)).toBe(false)
    } finally {
      await served.close()
    }
    // Closed with its Vite server, the sandbox's listener is gone too.
    await expect.poll(() => canListen(port), { timeout: 15_000 }).toBe(true)
  },
)
