/**
 * `npm run doctor -- --url https://host/svc/v1 --database NAME`: checks a real deployment of the
 * service against everything the console assumes. See README.md, "Checking a real service".
 */
import { main } from './main'

try {
  process.exitCode = await main(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    terminal: { input: process.stdin, output: process.stderr },
  })
} catch (error) {
  // A bug of the doctor's own: one line, no message or stack (either could quote an answer),
  // unless DOCTOR_DEBUG asks for them.
  console.error(`doctor: internal error (${error instanceof Error ? error.name : 'unknown'})`)
  if (process.env.DOCTOR_DEBUG) console.error(error)
  else console.error('Set DOCTOR_DEBUG=1 to see where (the output may then quote an answer).')
  process.exitCode = 1
}
