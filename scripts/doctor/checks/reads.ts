import { authSchema } from '../../../src/api/schemas/auth'
import { authVbaSchema } from '../../../src/api/schemas/auth-vba'
import { eventListSchema, eventSchema } from '../../../src/api/schemas/event'
import { eventScheduleListSchema } from '../../../src/api/schemas/event-schedule'
import { lookupLists, lookupNames } from '../../../src/api/schemas/lookup-lists'
import { passwordPolicySchema } from '../../../src/api/schemas/password-policy'
import {
  integerOptionListSchema,
  stringOptionListSchema,
} from '../../../src/api/schemas/static-option'
import { readEnvelope, type DoctorContext } from '../context'
import { checkOperation } from './operation'

/** Event IDs (whole numbers under `event_ID`) of a list's items, whatever else is wrong. */
export function eventIds(data: unknown): number[] {
  if (!Array.isArray(data)) return []
  return data
    .map((item) => (item as { event_ID?: unknown } | null)?.event_ID)
    .filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id))
}

const SCHEDULE_PROBES = 15

/**
 * Every read operation the console makes, its envelope and `data` against the console's own
 * schema: events (a page, one event, its schedules, a user's events), every lookup list, the
 * password policy, and an auth when `--auth` names one.
 */
export async function checkReads(ctx: DoctorContext): Promise<void> {
  const group = 'reads'
  const list = await checkOperation(ctx, {
    group,
    name: 'GET /events?page=1&pageSize=50&sortBy=event_ID:asc',
    request: { path: '/events', query: { page: 1, pageSize: 50, sortBy: 'event_ID:asc' } },
    schema: eventListSchema,
    expect: 'a list of Event (src/api/schemas/event.ts)',
    sample: true,
  })
  const ids = eventIds(list?.data)
  const noEvent = list ? 'the first page of events has no event_ID to read' : 'GET /events failed'
  const [first] = ids
  if (first === undefined) {
    ctx.add(group, 'GET /events/{id}', 'SKIP', 'an Event', noEvent)
    ctx.add(group, 'GET /events/{id}/schedules', 'SKIP', 'a list of EventSchedule', noEvent)
  } else {
    await checkOperation(ctx, {
      group,
      name: 'GET /events/{id}',
      request: { path: `/events/${first}` },
      schema: eventSchema,
      expect: 'an Event (src/api/schemas/event.ts)',
      sample: true,
    })
    const withSchedules = await findEventWithSchedules(ctx, ids.slice(0, SCHEDULE_PROBES))
    const result = await checkOperation(ctx, {
      group,
      name: 'GET /events/{id}/schedules',
      request: { path: `/events/${withSchedules ?? first}/schedules` },
      schema: eventScheduleListSchema,
      expect: 'a list of EventSchedule (src/api/schemas/event-schedule.ts)',
      sample: true,
    })
    if (result && withSchedules === undefined)
      ctx.checks
        .at(-1)
        ?.details.push(
          `none of the first ${Math.min(ids.length, SCHEDULE_PROBES)} events has a schedule: the fields of a schedule were not seen`,
        )
  }

  if (ctx.userId === undefined)
    ctx.add(
      group,
      'GET /users/{userId}/events',
      'SKIP',
      'a list of Event',
      'no user ID: the token names no sub',
    )
  else
    await checkOperation(ctx, {
      group,
      name: 'GET /users/{userId}/events',
      request: { path: `/users/${encodeURIComponent(ctx.userId)}/events` },
      schema: eventListSchema,
      expect: 'a list of Event',
      sample: true,
    })

  for (const name of lookupNames) {
    const info = lookupLists[name]
    const integer = info.keyType === 'integer'
    await checkOperation(ctx, {
      group,
      name: `GET ${info.path}`,
      request: { path: info.path },
      schema: integer ? integerOptionListSchema : stringOptionListSchema,
      expect: `a list of { option_Key (${integer ? 'integer' : 'text'}), display, description }`,
    })
  }

  await checkOperation(ctx, {
    group,
    name: 'GET /password-policy',
    request: { path: '/password-policy' },
    schema: passwordPolicySchema,
    expect: 'the password policy (src/api/schemas/password-policy.ts)',
    unknownExpected: 'the console shows fields beyond the six it models generically',
    forbiddenMeans:
      'this user may not read it; the console reads it only for admins (run the doctor as an admin to check it)',
  })

  await checkAuths(ctx)
}

async function findEventWithSchedules(ctx: DoctorContext, ids: number[]) {
  for (const id of ids) {
    const read = readEnvelope(await ctx.request({ path: `/events/${id}/schedules` }))
    if (!read.ok) return undefined
    if (Array.isArray(read.value.data) && read.value.data.length > 0) return id
  }
  return undefined
}

async function checkAuths(ctx: DoctorContext) {
  const number = ctx.options.auth
  const why = 'no --auth NUMBER given (the service has no listing of auths to pick one from)'
  if (number === undefined) {
    ctx.add('reads', 'GET /auths/{authNumber}', 'SKIP', 'an Auth', why)
    ctx.add('reads', 'GET /auths-vba/{authNumber}', 'SKIP', 'an Auth with custom fields', why)
    return
  }
  const path = encodeURIComponent(number)
  await checkOperation(ctx, {
    group: 'reads',
    name: 'GET /auths/{authNumber}',
    request: { path: `/auths/${path}` },
    schema: authSchema,
    expect: 'an Auth (src/api/schemas/auth.ts)',
    sample: true,
  })
  const vba = await checkOperation(ctx, {
    group: 'reads',
    name: 'GET /auths-vba/{authNumber}',
    request: { path: `/auths-vba/${path}` },
    schema: authVbaSchema,
    expect: 'an Auth with custom fields (src/api/schemas/auth-vba.ts)',
    sample: true,
  })
  const detail = (vba?.data as { authDetail?: unknown } | undefined)?.authDetail
  if (vba?.valid && detail && typeof detail === 'object')
    ctx.samples.push({
      source: 'GET /auths-vba/{authNumber} authDetail',
      items: [detail],
      schema: authSchema,
    })
}
