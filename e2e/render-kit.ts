import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/*
 * deploy/nginx's templates rendered the way the nginx image renders them (deploy/Dockerfile):
 * the base path checked first by the image's own check, then envsubst limited to CONSOLE_* names.
 * Kept apart from e2e/deployment.ts so the unit tests (scripts/deploy-kit.test.ts) use it too.
 */

/**
 * Throws unless deploy/check-base-path.sh, the check the image runs before it renders, accepts
 * `basePath` (no trailing slash, a `..` part, a character nginx would read as syntax...).
 */
export function checkBasePath(basePath: string): void {
  const result = spawnSync('sh', [path.resolve('deploy/check-base-path.sh')], {
    env: { ...process.env, CONSOLE_BASE_PATH: basePath },
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(result.stderr.trim() || `CONSOLE_BASE_PATH '${basePath}' is refused`)
}

/** envsubst as the nginx image runs it (NGINX_ENVSUBST_FILTER=^CONSOLE_): only these names. */
export function renderTemplate(text: string, vars: Record<string, string>): string {
  // As the image does: a template that uses the base path is never rendered with an unsafe one.
  if (text.includes('${CONSOLE_BASE_PATH}')) checkBasePath(vars.CONSOLE_BASE_PATH ?? '')
  return text.replace(/\$\{(CONSOLE_[A-Z_]+)\}/g, (whole, name: string) => vars[name] ?? whole)
}

/**
 * Every template of deploy/nginx rendered into `outDir` (each name without `.template`), as the
 * image's entrypoint does, then deploy/console-server-locations.sh run on them as it runs after
 * rendering: without CONSOLE_SERVER_ORIGIN the console server's locations are removed (and the
 * script refuses an origin it cannot put in the configuration safely). Returns the files written.
 */
export function renderKit(outDir: string, vars: Record<string, string>): string[] {
  const templates = path.resolve('deploy/nginx')
  const written: string[] = []
  for (const name of readdirSync(templates).filter((n) => n.endsWith('.template'))) {
    const target = path.join(outDir, name.replace(/\.template$/, ''))
    writeFileSync(target, renderTemplate(readFileSync(path.join(templates, name), 'utf8'), vars))
    written.push(target)
  }
  const result = spawnSync('sh', [path.resolve('deploy/console-server-locations.sh')], {
    env: {
      ...process.env,
      NGINX_ENVSUBST_OUTPUT_DIR: outDir,
      CONSOLE_SERVER_ORIGIN: vars.CONSOLE_SERVER_ORIGIN ?? '',
    },
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(result.stderr.trim() || 'deploy/console-server-locations.sh failed')
  return written.filter((file) => existsSync(file))
}
