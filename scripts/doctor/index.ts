/**
 * `npm run doctor -- --url https://host/svc/v1 --database NAME`: checks a real deployment of the
 * service against everything the console assumes. See README.md, "Checking a real service".
 * `main` prints everything itself (an internal error included) and never throws.
 */
import { main } from './main'

process.exitCode = await main(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  terminal: { input: process.stdin, output: process.stderr },
})
