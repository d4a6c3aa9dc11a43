// Prints a base port whose every offset is free on 127.0.0.1 now and is not one fetch refuses:
// the machine may run its own services (a database, a cache, a broker) on ports in the range the
// end-to-end suite draws from, and a port already taken would leave a server of the suite unstarted.
// Usage: node scripts/free-port.mjs '{"from":4000,"to":4900,"offsets":[0,1000],"refused":[6000]}'
import { createServer } from 'node:net'

const { from, to, offsets, refused } = JSON.parse(process.argv[2] ?? '{}')

const free = (port) =>
  new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(true)),
    )
  })

for (let tries = 0; tries < 200; tries++) {
  const base = from + Math.floor(Math.random() * (to - from))
  const ports = offsets.map((o) => base + o)
  if (ports.some((p) => refused.includes(p))) continue
  let all = true
  for (const p of ports) if (!(all = await free(p))) break
  if (all) {
    process.stdout.write(String(base))
    process.exit(0)
  }
}
process.stderr.write('no free ports for the end-to-end suite\n')
process.exit(1)
