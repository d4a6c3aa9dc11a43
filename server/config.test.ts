import { describe, expect, it } from 'vitest'
import { ConfigError, configFromEnv } from './config'

const base = {
  SERVICE_URL: 'http://127.0.0.1:4010/api',
  SERVICE_API_KEY: 'very-secret-key',
  SERVICE_DATABASES: 'demo, training',
  SERVICE_USERNAME: 'reader',
  SERVICE_PASSWORD: 'hunter2-password',
}

const problemsOf = (env: Record<string, string>) => {
  try {
    configFromEnv(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('expected a ConfigError')
}

describe('configFromEnv', () => {
  it('reads the settings with their defaults', () => {
    const config = configFromEnv(base)
    expect(config).toMatchObject({
      serviceUrl: 'http://127.0.0.1:4010/api',
      databases: ['demo', 'training'],
      account: { username: 'reader', password: 'hunter2-password' },
      port: 4020,
      host: '127.0.0.1',
      databaseUrl: undefined,
      auditRetentionDays: 2192,
      pollSeconds: 5,
    })
    expect(config.dataDir.endsWith('.console-data')).toBe(true)
  })

  it('believes X-Forwarded-For from the proxies it is told of, and only addresses', () => {
    expect(configFromEnv(base).trustedProxies).toEqual([])
    expect(configFromEnv({ ...base, TRUSTED_PROXIES: '10.0.0.5, fd00::7' }).trustedProxies).toEqual(
      ['10.0.0.5', 'fd00::7'],
    )
    expect(problemsOf({ ...base, TRUSTED_PROXIES: 'nginx.internal' })).toContain(
      'TRUSTED_PROXIES must be IP addresses',
    )
  })

  it('takes a token file instead of a password', () => {
    const { SERVICE_USERNAME: _u, SERVICE_PASSWORD: _p, ...rest } = base
    const config = configFromEnv({ ...rest, SERVICE_TOKEN_FILE: '/run/secrets/token' })
    expect(config.account).toEqual({ tokenFile: '/run/secrets/token' })
  })

  it('names each bad variable and never prints a value', () => {
    const message = problemsOf({
      ...base,
      SERVICE_URL: 'ftp://very-secret-key',
      PORT: 'hunter2-password',
      DATABASE_URL: 'mysql://hunter2-password@db',
      AUDIT_RETENTION_DAYS: '0',
    })
    expect(message).toContain('SERVICE_URL')
    expect(message).toContain('PORT')
    expect(message).toContain('DATABASE_URL')
    expect(message).toContain('AUDIT_RETENTION_DAYS')
    expect(message).not.toContain('very-secret-key')
    expect(message).not.toContain('hunter2')
  })

  it('asks for the service account when it is missing', () => {
    const { SERVICE_PASSWORD: _p, ...rest } = base
    expect(problemsOf(rest)).toContain('SERVICE_PASSWORD')
    expect(problemsOf({ ...base, SERVICE_TOKEN_FILE: '/x' })).toContain('not both')
    const { SERVICE_API_KEY: _k, ...noKey } = base
    expect(problemsOf(noKey)).toContain('SERVICE_API_KEY is required')
  })
})
