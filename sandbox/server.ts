import { rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createSandbox, type SandboxOptions } from './app'
import type { SandboxConfig } from './config'

/** Starts the sandbox on `host:port` (0 picks a free port). */
export async function startServer(
  config: SandboxConfig,
  options: { port?: number; host?: string; reset?: boolean } & SandboxOptions = {},
) {
  if (options.reset) rmSync(config.dataDir, { recursive: true, force: true })
  const sandbox = createSandbox(config, { clock: options.clock })
  const host = options.host ?? '127.0.0.1'
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: sandbox.fetch, port: options.port ?? 0, hostname: host }, () =>
      resolve(s),
    )
    s.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  return {
    sandbox,
    /** The HTTP server (to end its connections rather than wait for them). */
    server,
    port,
    baseUrl: `http://${host}:${port}/api`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      sandbox.close()
    },
  }
}
