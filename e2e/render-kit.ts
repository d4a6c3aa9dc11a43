import { spawnSync } from 'node:child_process'
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
