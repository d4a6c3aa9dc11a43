// Runs before `npm start`, `npm test` and the other commands that need a recent Node: on an older
// one it stops at once and says what to install, instead of serving an app whose every /api call
// fails (node:sqlite) or crashing in the DOM tests (jsdom). Plain JavaScript for any Node.
import { readFileSync, realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Compares two [major, minor, patch] triples. */
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** The `^x.y.z` and `>=x.y.z` alternatives package.json's engines use, joined by `||`. */
export function satisfies(v, text) {
  return text.split('||').some((part) => {
    const m = /^\s*(\^|>=)\s*(\d+)\.(\d+)\.(\d+)\s*$/.exec(part)
    if (!m) throw new Error(`engines.node: cannot read "${part.trim()}"`)
    const min = [Number(m[2]), Number(m[3]), Number(m[4])]
    if (compare(v, min) < 0) return false
    return m[1] === '>=' || v[0] === min[0]
  })
}

/** The engines range of package.json. */
export const supportedRange = () =>
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node

const version = process.versions.node.split('.').map(Number)
const range = supportedRange()
/** Run as a script (not imported by a test), however the path was spelt or linked. */
function isMain() {
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}
if (isMain() && !satisfies(version, range)) {
  console.error(
    [
      `Benefits Admin Console needs Node ${range}; this is Node ${process.versions.node}.`,
      'Install Node 24 (the version in .nvmrc), for example with nvm: `nvm install && nvm use`,',
      'or from the npm registry: `npm install --prefix ~/.cache/node24 node@24` and put',
      '~/.cache/node24/node_modules/.bin first on your PATH. Then run `npm install` again.',
    ].join('\n'),
  )
  process.exit(1)
}
