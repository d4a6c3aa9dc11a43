import path from 'node:path'

export interface SandboxConfig {
  /** Folder for the SQLite files and the token-signing secret. */
  dataDir: string
  /** Names of the databases a client may select with `service-database`. */
  databases: string[]
  apiKey: string
  /** ID token lifetime in seconds. */
  tokenTtl: number
  /** A session without a request or refresh for this long (seconds) is over. */
  sessionIdle: number
  /** A session is over this long (seconds) after sign-in, however active. */
  sessionMax: number
  /** Seconds after a refresh during which the old refresh token's reuse does not end the session. */
  refreshReuseGrace: number
  /** Live sessions one user may hold; a new sign-in beyond it ends their oldest. */
  sessionsPerUser: number
  /** Seed of the deterministic demo data. */
  seed: number
  /** How many demo events each database starts with. */
  events: number
  /** Origins allowed by CORS when the sandbox runs on its own port. */
  corsOrigins: string[]
  /**
   * Addresses of proxies in front of the sandbox (the console server): from these, the client's
   * address is the last one `X-Forwarded-For` names. `SANDBOX_TRUSTED_PROXIES`; none by default.
   */
  trustedProxies: string[]
  /**
   * The day (and time) the sandbox runs on, from `SANDBOX_TODAY`; null for the real clock. Demo
   * data is seeded around it and the sandbox's clock starts there and runs on from it.
   */
  today: Date | null
}

const list = (value: string | undefined, fallback: string[]) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : fallback

const int = (value: string | undefined, fallback: number, name: string, min = 0) => {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number, got "${value}"`)
  if (n < min) throw new Error(`${name} must be at least ${min}, got "${value}"`)
  return n
}

const TODAY = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * `SANDBOX_TODAY`: `2028-02-29` (that day at the time of day it is now) or `2028-02-29T10:30`,
 * local time of the sandbox's process (set `TZ` for another zone).
 */
export function parseToday(value: string | undefined, now = new Date()): Date | null {
  if (value === undefined || value === '') return null
  const m = TODAY.exec(value.trim())
  const [y, mo, d] = m ? [Number(m[1]), Number(m[2]) - 1, Number(m[3])] : [0, 0, 0]
  const date = m
    ? m[4] === undefined
      ? new Date(y, mo, d, now.getHours(), now.getMinutes(), now.getSeconds())
      : new Date(y, mo, d, Number(m[4]), Number(m[5]), Number(m[6] ?? 0))
    : null
  const [h, min] =
    m?.[4] === undefined ? [date?.getHours(), date?.getMinutes()] : [Number(m[4]), Number(m[5])]
  if (
    !date ||
    date.getFullYear() !== y ||
    date.getMonth() !== mo ||
    date.getDate() !== d ||
    date.getHours() !== h ||
    date.getMinutes() !== min
  )
    throw new Error(
      `SANDBOX_TODAY must be a day such as 2028-02-29 or 2028-02-29T10:30, got "${value}"`,
    )
  return date
}

/**
 * The sandbox's clock: the real one, or one that starts at `today` when the sandbox starts and
 * runs at the real rate from there (so tokens expire and stamps differ as they would).
 */
export function sandboxClock(today: Date | null): () => Date {
  if (!today) return () => new Date()
  const offset = today.getTime() - Date.now()
  return () => new Date(Date.now() + offset)
}

/** Reads the sandbox settings from the environment (see README). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    dataDir: path.resolve(env.SANDBOX_DATA_DIR || '.sandbox'),
    databases: list(env.SANDBOX_DATABASES, ['demo', 'training']),
    apiKey: env.SANDBOX_API_KEY || 'sandbox-key',
    tokenTtl: int(env.SANDBOX_TOKEN_TTL, 3600, 'SANDBOX_TOKEN_TTL'),
    sessionIdle: int(env.SANDBOX_SESSION_IDLE, 2 * 3600, 'SANDBOX_SESSION_IDLE'),
    sessionMax: int(env.SANDBOX_SESSION_MAX, 12 * 3600, 'SANDBOX_SESSION_MAX'),
    refreshReuseGrace: int(env.SANDBOX_REFRESH_REUSE_GRACE, 10, 'SANDBOX_REFRESH_REUSE_GRACE'),
    sessionsPerUser: int(env.SANDBOX_SESSIONS_PER_USER, 10, 'SANDBOX_SESSIONS_PER_USER', 1),
    seed: int(env.SANDBOX_SEED, 2026, 'SANDBOX_SEED'),
    events: int(env.SANDBOX_EVENTS, 5000, 'SANDBOX_EVENTS'),
    trustedProxies: list(env.SANDBOX_TRUSTED_PROXIES, []),
    corsOrigins: list(env.SANDBOX_CORS_ORIGINS, [
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://localhost:4173',
      'http://127.0.0.1:4173',
    ]),
    today: parseToday(env.SANDBOX_TODAY),
  }
}
