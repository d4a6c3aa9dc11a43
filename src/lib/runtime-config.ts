import { z } from '@/api/schemas/zod'
import { appFileUrl } from './app-base'

// zod/mini: read before the sign-in page shows, which zod's classic API would make 16 kB larger.
const databaseSchema = z.object({
  name: z.string().check(z.minLength(1)),
  label: z.optional(z.string()),
  /** Badge colour, so staff always see which database they work in (e.g. production red). */
  color: z._default(z.string(), '#475467'),
})

const conditionValue = z.union([z.string(), z.boolean(), z.number()])

/**
 * A decision-clock rule: when every condition holds (an auth field and the value, or values, it
 * must have), a decision is due `hours` elapsed hours, or `days` calendar days, after receipt.
 */
const decisionRuleSchema = z
  .object({
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    when: z._default(z.record(z.string(), z.union([conditionValue, z.array(conditionValue)])), {}),
    hours: z.optional(z.number().check(z.positive())),
    days: z.optional(z.int().check(z.positive())),
  })
  .check(
    z.refine((rule) => (rule.hours === undefined) !== (rule.days === undefined), {
      error: 'A decision rule gives either hours or days',
    }),
  )

/** `config.json` beside index.html: read at start, not in the build, so one build serves every
 * environment (the sandbox's is `sandbox/console-config.json`). Every field has a default, so a partial or missing file still starts the app. */
export const runtimeConfigSchema = z.object({
  serviceUrl: z._default(z.string(), '/api'),
  sandbox: z._default(z.boolean(), false),
  idleLockMinutes: z._default(z.number().check(z.positive()), 15),
  /**
   * The service's own session limits, which the console cannot learn from it: a session ends
   * after `idleMinutes` without a request and `maxHours` after sign-in. Told to the user in the
   * account menu; unknown (and not mentioned) when left out.
   */
  sessionLimits: z.optional(
    z.object({
      idleMinutes: z.optional(z.number().check(z.positive())),
      maxHours: z.optional(z.number().check(z.positive())),
    }),
  ),
  completedStatus: z._default(z.string(), 'Completed'),
  /**
   * The event statuses and types the plan uses: the pickers offer them beside the values events
   * already hold, and a value that is neither is saved only after the user confirms it is new.
   */
  eventStatuses: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(100))), [
    'Open',
    'In progress',
    'Waiting',
  ]),
  eventTypes: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(100))), []),
  /**
   * Who the people and user groups are, by name: the service has no directory, so the console
   * shows names from here (an identity provider's export) and IDs for anyone not listed.
   */
  directory: z.catch(
    z.object({
      people: z._default(
        z.array(z.object({ id: z.string().check(z.minLength(1)), name: z.string() })),
        [],
      ),
      groups: z._default(z.array(z.object({ key: z.int(), name: z.string() })), []),
    }),
    { people: [], groups: [] },
  ),
  /** Locale of dates and numbers (a BCP 47 tag such as en-GB); default the browser's. */
  locale: z.optional(z.string().check(z.minLength(2), z.maxLength(35))),
  /** Above this many events the in-browser event index (filters, search) is not built. */
  eventIndexLimit: z._default(z.int().check(z.positive()), 250_000),
  databases: z._default(z.array(databaseSchema), []),
  /**
   * The service's auth codes and what each means; the Change status dialog offers them and the
   * console warns when an auth's code and status disagree. Codes the service reports are added.
   */
  authCodes: z._default(
    z.array(
      z.object({
        code: z.string().check(z.minLength(1)),
        status: z.string(),
        meaning: z.optional(z.string()),
      }),
    ),
    [
      {
        code: 'A',
        status: 'Approved',
        meaning: 'services may be rendered within the approved range',
      },
      { code: 'P', status: 'Pended', meaning: 'waiting for review or information' },
      { code: 'D', status: 'Denied', meaning: 'services are not authorized' },
      { code: 'C', status: 'Closed', meaning: 'no further services under this auth' },
    ],
  ),
  /**
   * The decision clock's rules (the auths feature's `decisionClock`); absent, its defaults: urgent
   * 72 hours, standard 7 calendar days, amber in the last 24 hours.
   */
  decisionClock: z.optional(
    z.object({
      warnHours: z.optional(z.number().check(z.positive())),
      rules: z.optional(z.array(decisionRuleSchema).check(z.minLength(1))),
    }),
  ),
  /**
   * Whether the service honours the `Idempotency-Key` header (`api/idempotency.ts`): the writes
   * that create records send one, so a repeat never creates twice. Off by default: a service that
   * does not know the header may refuse it in a CORS preflight.
   */
  idempotencyKeys: z._default(z.boolean(), false),
  /**
   * The console's own server (`server/`), at this path of the console's origin, e.g.
   * `/console-api/`: it holds the API key (the sign-in page stops asking for it), keeps the
   * plan's events for the event index and tells every tab of others' changes at once. Absent,
   * the console talks to the service alone.
   */
  consoleServer: z.optional(z.string().check(z.regex(/^\/[^/\\]/), z.maxLength(200))),
  /**
   * Who answers the views' questions about events (lists, counts, the calendar, search): the
   * tab's own index of the whole plan (`browser`), or the console server from its copy
   * (`server`, with `consoleServer`), so that no tab holds the plan's events. Absent: the server
   * where there is one, else the tab's own (`eventIndexOf`; decision 0008 says why).
   */
  eventIndex: z.optional(z.enum(['browser', 'server'])),
  /** Most auths one `PUT /auths` call carries (the service's batch size). */
  authBatchSize: z._default(z.int().check(z.positive(), z.maximum(10_000)), 1000),
})

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>

/** Who answers the views' event questions: the server when there is one, unless the config says the tab. */
export const eventIndexOf = (config: Pick<RuntimeConfig, 'eventIndex' | 'consoleServer'>) =>
  config.consoleServer === undefined ? 'browser' : (config.eventIndex ?? 'server')
export type DatabaseOption = z.infer<typeof databaseSchema>

export const defaultRuntimeConfig: RuntimeConfig = runtimeConfigSchema.parse({})

/** Loads the runtime config; a missing or broken file falls back to the defaults. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchFn(appFileUrl('config.json'), { cache: 'no-store' })
    if (!response.ok) return defaultRuntimeConfig
    const parsed = runtimeConfigSchema.safeParse(await response.json())
    if (!parsed.success) console.warn('config.json is not valid; using defaults')
    return parsed.success ? parsed.data : defaultRuntimeConfig
  } catch {
    return defaultRuntimeConfig
  }
}
