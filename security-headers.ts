import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The config.json the dev and preview servers serve (sandbox/vite-plugin.ts). */
const SANDBOX_CONSOLE_CONFIG = fileURLToPath(
  new URL('./sandbox/console-config.json', import.meta.url),
)

/**
 * The headers the dev and preview servers send with every page (deployment sends the same, see
 * README): a Content-Security-Policy that forbids framing and allows requests only to this
 * origin and the service's, no MIME sniffing, no referrer, no opener shared with another site's
 * window, no indexing (e2e/deploy.spec.ts compares them with deploy/nginx's).
 */
export function securityHeaders(mode: 'dev' | 'preview', configFile = SANDBOX_CONSOLE_CONFIG) {
  const connect = ["'self'"]
  try {
    const { serviceUrl } = JSON.parse(readFileSync(configFile, 'utf8')) as { serviceUrl?: string }
    if (serviceUrl && /^https?:\/\//.test(serviceUrl)) connect.push(new URL(serviceUrl).origin)
  } catch {
    // no config: same origin only
  }
  // Vite's dev server injects an inline script (React refresh) and inline styles; the
  // production build needs neither for scripts.
  const script = mode === 'dev' ? "'self' 'unsafe-inline'" : "'self'"
  if (mode === 'dev') connect.push('ws:')
  const csp = [
    "default-src 'self'",
    `script-src ${script}`,
    // Styles injected at run time by the calendar library.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // An admin console is never to be indexed, should a crawler ever reach it.
    'X-Robots-Tag': 'noindex',
  }
}
