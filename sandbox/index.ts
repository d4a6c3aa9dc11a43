import { parseArgs } from 'node:util'
import { configFromEnv } from './config'
import { DEMO_PASSWORD } from './identity/users'
import { startServer } from './server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    reset: { type: 'boolean', default: false },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got "${values.port}"`)
  process.exit(2)
}

const config = configFromEnv()
const server = await startServer(config, { port, host: values.host, reset: values.reset })
console.log(`Sandbox service: ${server.baseUrl}`)
console.log(`  data: ${config.dataDir}  databases: ${config.databases.join(', ')}`)
console.log(`  API key: ${config.apiKey}  users: admin, staff, support  password: ${DEMO_PASSWORD}`)

const stop = () => {
  void server.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
