import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createConsoleApp } from './app'
import { listenForChanges } from './changes'
import { DEFAULT_REGISTER, type ServerConfig } from './config'
import { migrate } from './db/migrations'
import { openStorage, type Storage } from './db/storage'
import { createForeground } from './foreground'
import { createGate } from './gate'
import { Mirror } from './mirror/mirror'
import { createAccount } from './service/account'
import { createReader } from './service/reader'
import { startPruning } from './prune'
import { startUpkeep } from './db/upkeep'
import { createRegisterReader } from './register/register-reader'
import { setRegisterRules } from './register/register-store'
import { listenForSessionEnds } from './sessions'

/**
 * The whole server: storage (migrated), the service account and reader, a mirror per database,
 * the change feed and the app. `storage` may be given (tests share one); else it is opened from
 * the settings and closed with the server.
 */
export async function createConsoleServer(
  config: ServerConfig,
  options: {
    storage?: Storage
    /** False: no mirror loop (tests drive the mirrors themselves). */
    mirrors?: boolean
    /** How the service is reached (tests count the requests). */
    fetch?: typeof fetch
    verdictTtlMs?: number
    recheckMs?: number
  } = {},
) {
  const fetchImpl = options.fetch ?? fetch
  const register = config.register ?? DEFAULT_REGISTER
  setRegisterRules(register.decisionRules)
  const storage = options.storage ?? (await openStorage(config))
  const instanceId = randomUUID()
  // What is started is stopped in reverse, by `close` or by a start that fails part way: the
  // storage it opened goes (its data folder with it), so a second try in this process is not
  // refused as a second open, and no lock, listener or timer is left behind.
  const stops = stopStack()
  if (!options.storage) stops.push(() => storage.close())
  try {
    return await startParts(config, options, { storage, instanceId, stops, fetchImpl, register })
  } catch (error) {
    await stops.stopAll().catch(() => undefined)
    throw error
  }
}

/** The server's parts on an open storage, each one's stop pushed onto `stops` as it starts. */
async function startParts(
  config: ServerConfig,
  options: Parameters<typeof createConsoleServer>[1] & object,
  {
    storage,
    instanceId,
    stops,
    fetchImpl,
    register,
  }: {
    storage: Storage
    instanceId: string
    stops: ReturnType<typeof stopStack>
    fetchImpl: typeof fetch
    register: NonNullable<ServerConfig['register']>
  },
) {
  await migrate(storage, { auditRetentionDays: config.auditRetentionDays })
  // Said alive for as long as this process runs: after a crash, the next start (or another
  // instance) takes over this one's lease and its unanswered keys at once.
  stops.push(await storage.holdPresence(instanceId))
  const feed = await listenForChanges(storage)
  stops.push(() => feed.close())
  const gate = createGate(config, fetchImpl, options.verdictTtlMs)
  stops.push(await listenForSessionEnds(storage, gate))
  const account = createAccount(config, fetchImpl)
  const reader = createReader(config, account, fetchImpl)
  const upkeep = startUpkeep(storage, config.databases, { start: options.mirrors !== false })
  // Stopped after the mirrors, which may ask it for a pass as a first load ends.
  stops.push(() => upkeep.stop())
  const mirrors = config.databases.map(
    (database) =>
      new Mirror({
        storage,
        reader,
        database,
        pageSize: config.pageSize,
        pollMs: config.pollSeconds * 1000,
        sweepMs: config.sweepSeconds * 1000,
        instanceId,
        // Analysed at once, not at the upkeep's next look (up to a minute of guessed plans);
        // tests that drive the mirrors drive the upkeep too.
        onLoaded:
          options.mirrors !== false ? () => void upkeep.turn().catch(() => undefined) : undefined,
      }),
  )
  stops.push(() => settleAll(mirrors.map((m) => m.stop())))
  // The register's reader gives way to people's requests.
  const foreground = createForeground()
  const app = createConsoleApp({
    config,
    storage,
    gate,
    feed,
    reader,
    fetch: fetchImpl,
    recheckMs: options.recheckMs,
    instanceId,
    foreground,
  })
  const registerReader = createRegisterReader({
    storage,
    reader,
    feed,
    databases: config.databases,
    rereadMs: register.rereadSeconds * 1000,
    quiet: foreground.quiet,
  })
  stops.push(() => registerReader.stop())
  if (options.mirrors !== false) for (const m of mirrors) m.start()
  // Tests that drive the mirrors drive the register's reader too (`registerReader.turn`).
  if (options.mirrors !== false) registerReader.start()
  // Tests that drive the mirrors themselves prune when they mean to.
  if (options.mirrors !== false) stops.push(startPruning(storage))
  let closing: Promise<void> | undefined
  return {
    app,
    fetch: app.fetch,
    storage,
    mirrors,
    reader,
    registerReader,
    feed,
    gate,
    upkeep,
    /**
     * Stops everything started, each part even when another fails; a second call, even one made
     * while the first is under way, waits for the same close.
     */
    close: () => (closing ??= stops.stopAll()),
  }
}

/**
 * Stops, run last first by `stopAll`: every one is tried even when one before it fails, and the
 * first failure is thrown once all have run.
 */
function stopStack() {
  const stops: Array<() => unknown> = []
  return {
    push(stop: () => unknown) {
      stops.push(stop)
    },
    async stopAll() {
      const failures: unknown[] = []
      for (const stop of stops.splice(0).reverse()) {
        try {
          await stop()
        } catch (error) {
          failures.push(error)
        }
      }
      if (failures.length > 0) throw failures[0]
    },
  }
}

/** Waits for every promise; the first failure is thrown after all have settled. */
async function settleAll(work: Promise<unknown>[]) {
  const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected')
  if (failed) throw failed.reason
}

export type ConsoleServer = Awaited<ReturnType<typeof createConsoleServer>>

/** Starts the server on a port (0: a free one). */
export async function listen(server: ConsoleServer, port: number, hostname = '127.0.0.1') {
  const http = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: server.fetch, port, hostname }, () => resolve(s))
    s.once('error', reject)
  })
  const address = http.address() as AddressInfo
  return {
    port: address.port,
    baseUrl: `http://${hostname}:${address.port}`,
    async close() {
      // Open streams would hold the server open: they are cut.
      if ('closeAllConnections' in http) http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
