import path from 'node:path'
import { z } from 'zod'
import {
  DEFAULT_DECISION_RULES,
  type DecisionRules,
} from '../src/features/auths/model/decision-clock'

/*
 * The server's settings, read from the environment only (a file of secrets is named by a
 * variable, never read from the working folder by default). A bad value stops the start with a
 * message naming the variable and what it needs, never the value: it may be a secret.
 */

export interface ServerConfig {
  serviceUrl: string
  serviceApiKey: string
  databases: string[]
  /** The service account the server reads with: a username and password, or a token file. */
  account: { username: string; password: string } | { tokenFile: string }
  port: number
  /** The address to listen on. */
  host: string
  /** Postgres server; absent for the embedded one in `dataDir`. */
  databaseUrl: string | undefined
  dataDir: string
  auditRetentionDays: number
  /** Seconds between two looks for changes. */
  pollSeconds: number
  /** Seconds between two sweeps for deleted events. */
  sweepSeconds: number
  /** Events per page of the first load and the sweep. */
  pageSize: number
  /**
   * Addresses of the proxies in front of the server (nginx in another container) whose
   * `X-Forwarded-For` it believes, besides a proxy on its own host. `TRUSTED_PROXIES`.
   */
  trustedProxies?: string[]
  /**
   * Which events a role finds in lists, counts, the calendar and search (`EVENT_SCOPE`, e.g.
   * `staff=own`): `own` is the user's own events and those of their user groups (the token's
   * `groups`); a role not named, or `all`, finds every event. A user finds what the widest of
   * their roles allows; one without roles, what `*` says (all when unnamed).
   */
  eventScope?: Record<string, 'own' | 'all'>
  /** The roles that may read the audit record (`AUDIT_ROLES`; `DEFAULT_AUDIT_ROLES` when unset). */
  auditRoles?: string[]
  /** The auth register's settings (`REGISTER_*`, `DECISION_CLOCK`, `CMS_DRUG_SERVICE_TYPES`). */
  register?: RegisterConfig
}

export interface RegisterConfig {
  /** Seconds between two reads of an auth not yet decided and closed (`REGISTER_REREAD_SECONDS`). */
  rereadSeconds: number
  /** The decision rules, as the console's `config.json` states them (`DECISION_CLOCK`, JSON). */
  decisionRules: DecisionRules
  /** Hours overdue after which an auth's alert goes to `escalateTo` too (`REGISTER_ESCALATE_AFTER_HOURS`). */
  escalateAfterHours: number
  /** User IDs told of an auth overdue that long (`REGISTER_ESCALATE_TO`, commas); none: nobody. */
  escalateTo: string[]
  /** Service types that are drugs, left out of the CMS report (`CMS_DRUG_SERVICE_TYPES`). */
  drugServiceTypes: string[]
}

export const DEFAULT_REGISTER: RegisterConfig = {
  rereadSeconds: 300,
  decisionRules: DEFAULT_DECISION_RULES,
  escalateAfterHours: 24,
  escalateTo: [],
  drugServiceTypes: [],
}

const condition = z.union([z.string(), z.boolean(), z.number()])
const decisionClockSchema = z.strictObject({
  warnHours: z.number().positive().max(8760).optional(),
  rules: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(100),
        when: z.record(z.string(), z.union([condition, z.array(condition)])),
        hours: z.number().min(0).max(8760).optional(),
        days: z.number().int().min(0).max(365).optional(),
      }),
    )
    .min(1)
    .optional(),
})
const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)

/** Who reads the audit record unless `AUDIT_ROLES` says otherwise. */
export const DEFAULT_AUDIT_ROLES = ['admin', 'compliance']

const text = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
const whole = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback
      const n = Number(value)
      if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be a whole number from ${min} to ${max}`,
        })
        return z.NEVER
      }
      return n
    })

const schema = z
  .object({
    SERVICE_URL: text('SERVICE_URL').refine(
      (value) => {
        try {
          const url = new URL(value)
          return url.protocol === 'http:' || url.protocol === 'https:'
        } catch {
          return false
        }
      },
      { error: 'SERVICE_URL must be an http(s) URL, the service base with its path prefix' },
    ),
    SERVICE_API_KEY: text('SERVICE_API_KEY'),
    SERVICE_DATABASES: text('SERVICE_DATABASES').transform((value, ctx) => {
      const names = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      if (names.length === 0 || names.some((n) => !/^[\w.-]{1,64}$/.test(n))) {
        ctx.addIssue({
          code: 'custom',
          message: 'SERVICE_DATABASES must be database names separated by commas',
        })
        return z.NEVER
      }
      return [...new Set(names)]
    }),
    SERVICE_USERNAME: z.string().optional(),
    SERVICE_PASSWORD: z.string().optional(),
    SERVICE_TOKEN_FILE: z.string().optional(),
    PORT: whole('PORT', 4020, 0, 65535),
    HOST: z
      .string()
      .optional()
      .refine((v) => v === undefined || /^[\w.:[\]-]{0,253}$/.test(v), {
        error: 'HOST must be an address or host name',
      }),
    DATABASE_URL: z
      .string()
      .optional()
      .refine((v) => v === undefined || v === '' || /^postgres(ql)?:\/\//.test(v), {
        error: 'DATABASE_URL must be a postgres:// connection string',
      }),
    CONSOLE_DATA_DIR: z.string().optional(),
    AUDIT_RETENTION_DAYS: whole('AUDIT_RETENTION_DAYS', 2192, 1, 36500),
    MIRROR_POLL_SECONDS: whole('MIRROR_POLL_SECONDS', 5, 1, 3600),
    MIRROR_SWEEP_SECONDS: whole('MIRROR_SWEEP_SECONDS', 600, 10, 86400),
    MIRROR_PAGE_SIZE: whole('MIRROR_PAGE_SIZE', 500, 1, 1000),
    EVENT_SCOPE: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const scope: Record<string, 'own' | 'all'> = {}
        for (const pair of (value ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)) {
          const found = /^([\w.*-]{1,64})=(own|all)$/.exec(pair)
          if (!found) {
            ctx.addIssue({
              code: 'custom',
              message: 'EVENT_SCOPE must be role=own or role=all pairs separated by commas',
            })
            return z.NEVER
          }
          scope[found[1]!] = found[2] as 'own' | 'all'
        }
        return scope
      }),
    AUDIT_ROLES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const roles = (value?.trim() ? value : DEFAULT_AUDIT_ROLES.join(','))
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean)
        if (roles.length === 0 || roles.some((r) => !/^[\w.-]{1,64}$/.test(r))) {
          ctx.addIssue({
            code: 'custom',
            message: 'AUDIT_ROLES must be role names separated by commas',
          })
          return z.NEVER
        }
        return roles
      }),
    REGISTER_REREAD_SECONDS: whole('REGISTER_REREAD_SECONDS', 300, 5, 86400),
    REGISTER_ESCALATE_AFTER_HOURS: whole('REGISTER_ESCALATE_AFTER_HOURS', 24, 0, 8760),
    REGISTER_ESCALATE_TO: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const users = list(value)
        if (users.some((u) => !/^[\w.@-]{1,64}$/.test(u))) {
          ctx.addIssue({
            code: 'custom',
            message: 'REGISTER_ESCALATE_TO must be user IDs separated by commas',
          })
          return z.NEVER
        }
        return users
      }),
    CMS_DRUG_SERVICE_TYPES: z
      .string()
      .optional()
      .transform((value) => list(value).map((t) => t.slice(0, 100))),
    DECISION_CLOCK: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return DEFAULT_DECISION_RULES
        let parsed
        try {
          parsed = decisionClockSchema.safeParse(JSON.parse(value))
        } catch {
          parsed = null
        }
        if (!parsed?.success) {
          ctx.addIssue({
            code: 'custom',
            message:
              'DECISION_CLOCK must be JSON like config.json’s decisionClock: { "warnHours": 24, "rules": [{ "name": "Urgent", "when": { "urgent": true }, "hours": 72 }] }',
          })
          return z.NEVER
        }
        return {
          warnHours: parsed.data.warnHours ?? DEFAULT_DECISION_RULES.warnHours,
          rules: parsed.data.rules ?? DEFAULT_DECISION_RULES.rules,
        } satisfies DecisionRules
      }),
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const list = (value ?? '')
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean)
        if (list.some((a) => !/^[0-9a-fA-F.:]{2,45}$/.test(a))) {
          ctx.addIssue({
            code: 'custom',
            message: 'TRUSTED_PROXIES must be IP addresses separated by commas',
          })
          return z.NEVER
        }
        return list
      }),
  })
  .superRefine((env, ctx) => {
    const user = Boolean(env.SERVICE_USERNAME?.trim())
    const password = Boolean(env.SERVICE_PASSWORD)
    const file = Boolean(env.SERVICE_TOKEN_FILE?.trim())
    if (file && (user || password))
      ctx.addIssue({
        code: 'custom',
        path: ['SERVICE_TOKEN_FILE'],
        message: 'Set SERVICE_TOKEN_FILE or SERVICE_USERNAME/SERVICE_PASSWORD, not both',
      })
    else if (!file && !(user && password))
      ctx.addIssue({
        code: 'custom',
        path: [user ? 'SERVICE_PASSWORD' : 'SERVICE_USERNAME'],
        message:
          'The service account is required: SERVICE_USERNAME and SERVICE_PASSWORD, or SERVICE_TOKEN_FILE',
      })
  })

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's configuration is not valid:\n  ${problems.join('\n  ')}`)
    this.name = 'ConfigError'
  }
}

/** Reads and checks the settings; throws `ConfigError` naming each bad variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = schema.safeParse(env)
  if (!parsed.success)
    throw new ConfigError(
      // Only our own messages and the variable's name: zod's defaults could quote the input.
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '')
        return issue.code === 'custom' || issue.message.startsWith(name)
          ? issue.message
          : `${name} is not valid`
      }),
    )
  const e = parsed.data
  return {
    serviceUrl: e.SERVICE_URL.replace(/\/+$/, ''),
    serviceApiKey: e.SERVICE_API_KEY,
    databases: e.SERVICE_DATABASES,
    account: e.SERVICE_TOKEN_FILE?.trim()
      ? { tokenFile: path.resolve(e.SERVICE_TOKEN_FILE.trim()) }
      : { username: e.SERVICE_USERNAME!.trim(), password: e.SERVICE_PASSWORD! },
    port: e.PORT,
    host: e.HOST || '127.0.0.1',
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(e.CONSOLE_DATA_DIR || '.console-data'),
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    pollSeconds: e.MIRROR_POLL_SECONDS,
    sweepSeconds: e.MIRROR_SWEEP_SECONDS,
    pageSize: e.MIRROR_PAGE_SIZE,
    trustedProxies: e.TRUSTED_PROXIES,
    eventScope: e.EVENT_SCOPE,
    auditRoles: e.AUDIT_ROLES,
    register: {
      rereadSeconds: e.REGISTER_REREAD_SECONDS,
      decisionRules: e.DECISION_CLOCK,
      escalateAfterHours: e.REGISTER_ESCALATE_AFTER_HOURS,
      escalateTo: e.REGISTER_ESCALATE_TO,
      drugServiceTypes: e.CMS_DRUG_SERVICE_TYPES,
    },
  }
}
