import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startCluster } from './db/embedded'

/*
 * The node tests' global setup: one embedded Postgres cluster for the whole run, on which each
 * storage test makes a database of its own (`openTestStorage`), as it does on a Postgres server.
 * Its data is thrown away, so it writes without waiting for the disk.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedClusterUrl: string
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'console-test-cluster-'))
  const cluster = await startCluster(path.join(dir, 'postgres'), { durable: false })
  project.provide('embeddedClusterUrl', cluster.url())
  return async () => {
    await cluster.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
