import type { SandboxEnv } from '../http'
import { idempotentWrite } from '../idempotency'
import { Hono } from 'hono'
import { formatServiceDate, parseServiceDate } from '../../src/api/schemas/common'
import type { SandboxApp, SandboxContext } from '../context'
import type { EventSchedule } from '../../src/api/schemas/event-schedule'
import { transaction, type Row } from '../db/sqlite'
import { DEFAULT_SNOOZE, SNOOZES } from '../lookups/data'
import { nextOccurrence, ruleFromSchedule } from './recurrence'
import {
  checkEvent,
  eventExists,
  eventNotFound,
  eventRow,
  insertEvent,
  invalidFields,
  listEvents,
  orderBy,
  requireEvent,
  rowToEvent,
  rowToSchedule,
  statements,
  updateIfCurrent,
} from './store'
import { storedText } from '../db/dates'
import { stampText } from '../db/stamp'
import { intParam, ok, Problem, readJson, type Ctx, type SessionUser } from '../http'

/** The delete rule: whoever entered the event (its `entry_User`), or an admin. */
const mayDeleteEvent = (user: SessionUser, event: Row) =>
  user.roles.includes('admin') || (event.entry_User != null && event.entry_User === user.userId)

/** Most items one `PUT /events-batch` takes. */
export const MAX_BATCH_ITEMS = 1000
const MAX_PAGE_SIZE = 1000
const DEFAULT_PAGE_SIZE = 25

/** A whole-number query parameter within `min..max`, else 400 naming it. */
function intQuery(c: Ctx, name: string, fallback: number, min: number, max: number): number {
  const text = c.req.query(name)
  if (text === undefined || text === '') return fallback
  const n = Number(text)
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new Problem(400, `${name} must be a whole number from ${min} to ${max}, got "${text}".`, {
      errors: { [name]: `Expected a whole number from ${min} to ${max}` },
    })
  return n
}

/** The 409 for a date the service would compute past the last one it can store. */
const beyondLastDate = (what: string) =>
  new Problem(
    409,
    `${what} would fall after 9999-12-31T23:59:59, the last date the service stores.`,
    {
      title: 'Date out of range',
    },
  )

/**
 * Moves a schedule and its event to the schedule's first occurrence after `after` (both the
 * next scheduled date and time); 409 when the schedule cannot recur or has ended.
 */
function moveToNext(c: Ctx, schedule: EventSchedule, after: Date, now: Date) {
  const rule = ruleFromSchedule(schedule)
  const id = schedule.schedule_ID
  if (typeof rule === 'string')
    throw new Problem(409, `Schedule ${id} cannot recur: ${rule}.`, {
      title: 'Schedule cannot recur',
    })
  const next = nextOccurrence(rule, after)
  if (!next)
    throw new Problem(
      409,
      `Schedule ${id} has no occurrence after ${formatServiceDate(after)}: it has ended.`,
      { title: 'Schedule has ended' },
    )
  const nextText = storedText(next)
  if (nextText === null) throw beyondLastDate(`Schedule ${id}'s next occurrence`)
  const s = statements(c.get('db'))
  const event = eventRow(c.get('db'), schedule.event_ID)
  const user = c.get('user').userId
  s.setScheduleNext.run(nextText, nextText, user, stampText(now, schedule.update_Date), id)
  s.setNext.run(nextText, nextText, user, stampText(now, event?.update_Date), schedule.event_ID)
}

/**
 * Events: CRUD, the batch upsert, the paged and sorted list, a user's
 * active events, snooze, reschedule and the schedules of an event.
 */
export function eventRoutes(ctx: SandboxContext): SandboxApp {
  const app: SandboxApp = new Hono<SandboxEnv>()
  app.post('/events', async (c) => {
    const raw = await readJson(c)
    const check = checkEvent(raw)
    if (!check.ok) throw invalidFields(check.errors)
    const db = c.get('db')
    const user = c.get('user').userId
    const event = idempotentWrite(c, ctx.now(), raw, () => {
      if (check.eventId !== null && eventExists(db, check.eventId))
        throw new Problem(409, `Event ${check.eventId} already exists; update it with PUT.`, {
          title: 'Event exists',
        })
      return requireEvent(db, insertEvent(db, check.values, user, ctx.now()))
    })
    return ok(c, event)
  })

  app.get('/events', (c) => {
    const page = intQuery(c, 'page', 1, 1, Number.MAX_SAFE_INTEGER)
    const pageSize = intQuery(c, 'pageSize', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE)
    const order = orderBy(c.req.query('sortBy'))
    const offset = (page - 1) * pageSize
    if (!Number.isSafeInteger(offset))
      throw new Problem(400, 'page is too large.', { errors: { page: 'Too large' } })
    const events = listEvents(c.get('db'), order, pageSize, offset)
    return ok(c, events, 200, 'text/plain; charset=utf-8')
  })

  app.get('/events/:eventID', (c) => ok(c, requireEvent(c.get('db'), intParam(c, 'eventID'))))

  app.put('/events/:eventID', async (c) => {
    const eventId = intParam(c, 'eventID')
    const check = checkEvent(await readJson(c))
    if (!check.ok) throw invalidFields(check.errors)
    if (check.eventId !== null && check.eventId !== eventId)
      throw invalidFields({ event_ID: `Must match the event ID in the path (${eventId})` })
    const db = c.get('db')
    const user = c.get('user').userId
    const event = transaction(db, () => {
      const current = eventRow(db, eventId)
      if (!current) throw eventNotFound(eventId)
      updateIfCurrent(db, current, check, user, ctx.now())
      return requireEvent(db, eventId)
    })
    return ok(c, event)
  })

  app.delete('/events/:eventID', (c) => {
    const eventId = intParam(c, 'eventID')
    const db = c.get('db')
    const user = c.get('user')
    transaction(db, () => {
      const current = eventRow(db, eventId)
      if (!current) throw eventNotFound(eventId)
      // An event is deleted by whoever entered it (entry_User, set by the service from the
      // caller) or by an admin. Not by its assignee: anyone may reassign an event to themselves.
      if (!mayDeleteEvent(user, current))
        throw new Problem(
          403,
          `Event ${eventId} was entered by ${String(current.entry_User ?? 'nobody')}: only whoever entered it or an admin may delete it.`,
          { title: 'Forbidden' },
        )
      const s = statements(db)
      s.removeSchedules.run(eventId)
      s.remove.run(eventId)
    })
    return ok(c, null)
  })

  app.put('/events-batch', async (c) => {
    const raw = await readJson(c)
    if (!Array.isArray(raw))
      throw new Problem(400, 'The body must be a JSON array of events.', {
        errors: { '(body)': 'Expected an array' },
      })
    if (raw.length > MAX_BATCH_ITEMS)
      throw new Problem(413, `A batch takes at most ${MAX_BATCH_ITEMS} events; got ${raw.length}.`)
    const db = c.get('db')
    const user = c.get('user').userId
    const now = ctx.now()
    const checks = raw.map(checkEvent)
    // One transaction for the batch, one outcome per item: a refused item never fails the others.
    const results = idempotentWrite(c, now, raw, () =>
      checks.map((check) => {
        const id = (value: number | null) => [{ key: 'event_ID', value }]
        if (!check.ok) {
          const fields = Object.entries(check.errors).map(([k, v]) => `${k} (${v})`)
          return {
            id: id(check.eventId),
            status: 400,
            body: `Invalid fields: ${fields.join('; ')}`,
          }
        }
        try {
          const current = check.eventId === null ? undefined : eventRow(db, check.eventId)
          if (current) {
            updateIfCurrent(db, current, check, user, now)
            return { id: id(check.eventId), status: 200, body: `Event ${check.eventId} updated.` }
          }
          const created = insertEvent(db, check.values, user, now)
          return { id: id(created), status: 201, body: `Event ${created} created.` }
        } catch (error) {
          if (!(error instanceof Problem)) throw error
          return { id: id(check.eventId), status: error.status, body: error.detail }
        }
      }),
    )
    return ok(c, results)
  })

  app.get('/users/:userId/events', (c) => {
    const rows = statements(c.get('db')).userEvents.all(c.req.param('userId')) as Row[]
    return ok(c, rows.map(rowToEvent))
  })

  app.post('/events/:eventID/snooze', (c) => {
    const eventId = intParam(c, 'eventID')
    const db = c.get('db')
    const s = statements(db)
    const duration = c.req.query('snoozeDuration') || DEFAULT_SNOOZE
    const found = s.lookupMinutes.get(SNOOZES, duration) as { minutes: number | null } | undefined
    if (!found?.minutes) {
      const valid = (s.lookup.all(SNOOZES) as Row[]).map((r) => String(r.option_Key))
      throw new Problem(
        400,
        `Unknown snoozeDuration "${duration}". Valid durations: ${valid.join(', ')}.`,
        { errors: { snoozeDuration: `Expected one of ${valid.join(', ')}` } },
      )
    }
    const minutes = found.minutes
    const event = transaction(db, () => {
      if (!eventExists(db, eventId)) throw eventNotFound(eventId)
      const now = ctx.now()
      const until = storedText(new Date(now.getTime() + minutes * 60_000))
      if (until === null) throw beyondLastDate(`Event ${eventId} snoozed for ${duration}`)
      const stamp = stampText(now, eventRow(db, eventId)?.update_Date)
      s.snooze.run(until, until, c.get('user').userId, stamp, eventId)
      return requireEvent(db, eventId)
    })
    return ok(c, event)
  })

  app.post('/events/:eventID/reschedule', (c) => {
    const eventId = intParam(c, 'eventID')
    const db = c.get('db')
    const s = statements(db)
    const event = transaction(db, () => {
      if (!eventExists(db, eventId)) throw eventNotFound(eventId)
      const row = s.schedules.get(eventId) as Row | undefined
      if (!row)
        throw new Problem(
          409,
          `Event ${eventId} has no schedule, so there is no next date to reschedule it to. Snooze it or set its next scheduled date instead.`,
          { title: 'Event has no schedule' },
        )
      const schedule = rowToSchedule(row)
      const now = ctx.now()
      moveToNext(c, schedule, now, now)
      return requireEvent(db, eventId)
    })
    return ok(c, event)
  })

  app.get('/events/:eventID/schedules', (c) => {
    const eventId = intParam(c, 'eventID')
    const db = c.get('db')
    if (!eventExists(db, eventId)) throw eventNotFound(eventId)
    return ok(c, (statements(db).schedules.all(eventId) as Row[]).map(rowToSchedule))
  })

  app.post('/events/:eventID/schedules/:scheduleId/next', (c) => {
    const eventId = intParam(c, 'eventID')
    const scheduleId = intParam(c, 'scheduleId')
    const db = c.get('db')
    const s = statements(db)
    const schedule = transaction(db, () => {
      if (!eventExists(db, eventId)) throw eventNotFound(eventId)
      const row = s.schedule.get(eventId, scheduleId) as Row | undefined
      if (!row)
        throw new Problem(404, `Event ${eventId} has no schedule ${scheduleId}.`, {
          title: 'Schedule not found',
        })
      const current = rowToSchedule(row)
      const now = ctx.now()
      moveToNext(c, current, parseServiceDate(current.next_Scheduled_Date) ?? now, now)
      return rowToSchedule(s.schedule.get(eventId, scheduleId) as Row)
    })
    return ok(c, schedule)
  })
  return app
}
