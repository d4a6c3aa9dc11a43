import { z } from 'zod'
import { appFileUrl } from './app-base'

const databaseSchema = z.object({
  name: z.string().min(1),
  label: z.string().optional(),
  /** Badge colour, so staff always see which database they work in (e.g. production red). */
  color: z.string().default('#475467'),
})

/** `public/config.json`: read at start, not baked into the build, so one build serves every
 * environment. Every field has a default, so a partial or missing file still starts the app. */
export const runtimeConfigSchema = z.object({
  serviceUrl: z.string().default('/api'),
  sandbox: z.boolean().default(false),
  idleLockMinutes: z.number().positive().default(15),
  completedStatus: z.string().default('Completed'),
  /** Locale of dates and numbers (a BCP 47 tag such as en-GB); default the browser's. */
  locale: z.string().min(2).max(35).optional(),
  /** Above this many events the in-browser event index (filters, search) is not built. */
  eventIndexLimit: z.number().int().positive().default(250_000),
  databases: z.array(databaseSchema).default([]),
  /**
   * The service's auth codes and what each means; the Change status dialog offers them and the
   * console warns when an auth's code and status disagree. Codes the service reports are added.
   */
  authCodes: z
    .array(
      z.object({ code: z.string().min(1), status: z.string(), meaning: z.string().optional() }),
    )
    .default([
      {
        code: 'A',
        status: 'Approved',
        meaning: 'services may be rendered within the approved range',
      },
      { code: 'P', status: 'Pended', meaning: 'waiting for review or information' },
      { code: 'D', status: 'Denied', meaning: 'services are not authorized' },
      { code: 'C', status: 'Closed', meaning: 'no further services under this auth' },
    ]),
})

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>
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
