import { envelopeSchema } from '../../src/api/schemas/envelope'
import { eventSchema, type Event } from '../../src/api/schemas/event'
import type { ServerConfig } from '../config'
import { ServiceError, type Account } from './account'

/*
 * The server's own reads of the service, with its service account. A refused token is renewed
 * and the read made once more; every other failure is a `ServiceError` whose message names the
 * operation and status only (never a token, key or member data).
 */

export interface EventPage {
  events: Event[]
  /** IDs (when readable) of records that fail the contract: not mirrored, counted. */
  unreadable: (number | null)[]
  /** Records the service sent, readable or not (a short page ends the list). */
  size: number
}

export interface ServiceReader {
  eventPage(database: string, page: number, pageSize: number, sortBy: string): Promise<EventPage>
  /** One event, or null when the service has none with that ID. */
  event(database: string, id: number): Promise<Event | null>
  /** One auth (`GET /auths/{n}`), or null when the service has none. */
  auth(database: string, authNumber: string): Promise<Record<string, unknown> | null>
}

const READ_TIMEOUT_MS = 60_000

export function createReader(
  config: Pick<ServerConfig, 'serviceUrl' | 'serviceApiKey'>,
  account: Account,
  fetchImpl: typeof fetch = fetch,
): ServiceReader {
  async function get(database: string, path: string, what: string): Promise<unknown> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = await account.token(database)
      let response: Response
      try {
        response = await fetchImpl(config.serviceUrl + path, {
          headers: {
            authorization: `Bearer ${token}`,
            'x-api-key': config.serviceApiKey,
            'service-database': database,
          },
          signal: AbortSignal.timeout(READ_TIMEOUT_MS),
        })
      } catch {
        // A kept-alive connection the service had closed fails at once: a read is safe to send
        // again, once, on a new one.
        if (attempt === 0) continue
        throw new ServiceError(0, `${what}: no answer from the service`)
      }
      if (response.status === 401 && attempt <= 1) {
        await response.body?.cancel()
        account.invalidate(database)
        continue
      }
      if (response.status === 404) {
        await response.body?.cancel()
        return undefined
      }
      const text = await response.text().catch(() => '')
      if (!response.ok) throw new ServiceError(response.status, `${what}: ${response.status}`)
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw new ServiceError(response.status, `${what}: the answer is not JSON`)
      }
      const envelope = envelopeSchema.safeParse(json)
      if (!envelope.success) throw new ServiceError(response.status, `${what}: not an envelope`)
      return envelope.data.data
    }
    throw new ServiceError(401, `${what}: the service refused the server's account`)
  }

  return {
    async eventPage(database, page, pageSize, sortBy) {
      const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sortBy })
      const data = await get(database, `/events?${query}`, 'GET /events')
      if (data !== null && data !== undefined && !Array.isArray(data))
        throw new ServiceError(200, 'GET /events: data is not a list')
      const list = (data ?? []) as unknown[]
      const events: Event[] = []
      const unreadable: (number | null)[] = []
      for (const raw of list) {
        const parsed = eventSchema.safeParse(raw)
        if (parsed.success) events.push(parsed.data)
        else {
          const id = (raw as { event_ID?: unknown } | null)?.event_ID
          unreadable.push(typeof id === 'number' ? id : null)
        }
      }
      return { events, unreadable, size: list.length }
    },
    async event(database, id) {
      const data = await get(database, `/events/${id}`, 'GET /events/{eventID}')
      if (data === undefined || data === null) return null
      const parsed = eventSchema.safeParse(data)
      if (!parsed.success) throw new ServiceError(200, 'GET /events/{eventID}: not an event')
      return parsed.data
    },
    async auth(database, authNumber) {
      const data = await get(
        database,
        `/auths/${encodeURIComponent(authNumber)}`,
        'GET /auths/{authNumber}',
      )
      return data && typeof data === 'object' ? (data as Record<string, unknown>) : null
    },
  }
}
