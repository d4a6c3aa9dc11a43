import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const gzipAsync = promisify(gzip)

/**
 * The kinds of asset the build precompresses. deploy/nginx serves under assets/ only the kinds it
 * lists, each of these among them (scripts/deploy-kit.test.ts).
 */
export const PRECOMPRESSED_EXTENSIONS = ['js', 'mjs', 'css', 'svg', 'json'] as const
const precompressed = new RegExp(`^assets/.*\\.(${PRECOMPRESSED_EXTENSIONS.join('|')})$`)

/**
 * Writes a `.gz` beside each hashed asset in assets/ (JavaScript, CSS, SVG, JSON), so a server serves it
 * precompressed at the best level (nginx `gzip_static`, deploy/nginx) instead of compressing on
 * every request. index.html gets none: the deployment rewrites it, and a stale `.gz` would be
 * served in its place (config.json is no part of the build).
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter((f) => precompressed.test(f.fileName))
      await Promise.all(
        files.map(async (f) => {
          const source = f.type === 'chunk' ? f.code : f.source
          const zipped = await gzipAsync(source, { level: 9 })
          await writeFile(path.join(outDir, `${f.fileName}.gz`), zipped)
        }),
      )
    },
  }
}
