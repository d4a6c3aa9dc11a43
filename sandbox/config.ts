import path from 'node:path'

export interface SandboxConfig {
  /** Folder for the SQLite files and the token-signing secret. */
  dataDir: string
  /** Names of the databases a client may select with `service-database`. */
  databases: string[]
  apiKey: string
  /** ID token lifetime in seconds. */
  tokenTtl: number
  /** Seed of the deterministic demo data. */
  seed: number
  /** How many demo events each database starts with. */
  events: number
  /** Origins allowed by CORS when the sandbox runs on its own port. */
  corsOrigins: string[]
}

const list = (value: string | undefined, fallback: string[]) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : fallback

const int = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number, got "${value}"`)
  return n
}

/** Reads the sandbox settings from the environment (see README). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  return {
    dataDir: path.resolve(env.SANDBOX_DATA_DIR || '.sandbox'),
    databases: list(env.SANDBOX_DATABASES, ['demo', 'training']),
    apiKey: env.SANDBOX_API_KEY || 'sandbox-key',
    tokenTtl: int(env.SANDBOX_TOKEN_TTL, 3600, 'SANDBOX_TOKEN_TTL'),
    seed: int(env.SANDBOX_SEED, 2026, 'SANDBOX_SEED'),
    events: int(env.SANDBOX_EVENTS, 5000, 'SANDBOX_EVENTS'),
    corsOrigins: list(env.SANDBOX_CORS_ORIGINS, [
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://localhost:4173',
      'http://127.0.0.1:4173',
    ]),
  }
}
