import { serve } from '@hono/node-server'
import { ConfigError, configFromEnv } from './config'
import { createConsoleApp } from './app'
import { migrate } from './db/migrations'
import { openStorage } from './db/storage'

/* The console's server: `npm run server` (settings from the environment, see server/README.md). */

let config
try {
  config = configFromEnv()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(2)
}
const storage = await openStorage(config)
await migrate(storage, { auditRetentionDays: config.auditRetentionDays })
const app = createConsoleApp({ config, storage })
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.warn(
    `Console server on port ${info.port}; storage: ${storage.kind === 'embedded' ? config.dataDir : 'postgres'}`,
  )
})

const stop = () => {
  server.close(() => void storage.close().then(() => process.exit(0)))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
