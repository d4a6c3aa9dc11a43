import { ConfigError, configFromEnv, type ServerConfig } from './config'
import { createConsoleServer, listen } from './server'

/* The console's server: `npm run server` (settings from the environment, see server/README.md). */

let config: ServerConfig
try {
  config = configFromEnv()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(2)
}
const server = await createConsoleServer(config)
const http = await listen(server, config.port, config.host)
console.warn(
  `Console server: ${http.baseUrl}  storage: ${server.storage.kind === 'embedded' ? config.dataDir : 'postgres'}  databases: ${config.databases.join(', ')}`,
)

const stop = () => {
  void http
    .close()
    .then(() => server.close())
    .then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
