import { z } from 'zod/mini'
import { formatServiceDate } from '../../../src/api/dates'
import { eventSchema } from '../../../src/api/schemas/event'
import { readEnvelope, type DoctorContext } from '../context'
import { checkOperation } from './operation'

/**
 * `--write`: one clearly marked test event, created, read back, edited with the read copy (PUT),
 * snoozed and deleted, each step reported; whatever happens, the doctor tries to delete what it
 * created. Only the test event's own values (its subject and ID) are ever named.
 */

type Event = Record<string, unknown>
const group = 'write'
const asEvent = (data: unknown): Event | undefined =>
  data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Event) : undefined

export async function checkWrite(ctx: DoctorContext): Promise<void> {
  if (!ctx.options.write) {
    ctx.add(
      group,
      'create, edit, snooze, delete',
      'SKIP',
      'a test event round trip',
      'read-only: pass --write to create, edit, snooze and delete one marked test event',
    )
    return
  }
  const now = new Date()
  const subject = `[doctor] test event ${formatServiceDate(now)} — safe to delete`
  const expect = 'the Event after the change'
  let id: number | undefined
  let deleted = false
  try {
    const created = await checkOperation(ctx, {
      group,
      name: 'create: POST /events',
      request: {
        method: 'POST',
        path: '/events',
        body: {
          subject,
          claim_Audit_Event: false,
          process_Automation_Event: false,
          reminder: false,
          start_Date: formatServiceDate(now),
          due_Date: formatServiceDate(new Date(now.getTime() + 86_400_000)),
          user_ID: ctx.userId ?? null,
        },
      },
      schema: eventSchema,
      expect: 'the new Event with its event_ID',
    })
    const rawId = asEvent(created?.data)?.event_ID
    if (typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId > 0) id = rawId
    else {
      if (created)
        ctx.add(
          group,
          "the new event's ID",
          'FAIL',
          'a positive integer event_ID',
          'none: the test event cannot be read, edited or deleted',
          [`look for an event whose subject starts with "[doctor] test event" and delete it`],
        )
      return
    }
    ctx.checks.at(-1)?.details.push(`test event ${id}: "${subject}"`)

    const read = await checkOperation(ctx, {
      group,
      name: 'read back: GET /events/{id}',
      request: { path: `/events/${id}` },
      schema: eventSchema,
      expect: 'the Event just created',
    })
    const copy = asEvent(read?.data) ?? asEvent(created?.data)
    if (read && asEvent(read.data)?.subject !== subject)
      warnLast(ctx, 'the subject read back differs from the one sent')

    const edited = `${subject} (edited)`
    const put = await checkOperation(ctx, {
      group,
      name: 'edit: PUT /events/{id} with the read copy',
      request: { method: 'PUT', path: `/events/${id}`, body: { ...copy, subject: edited } },
      schema: eventSchema,
      expect,
    })
    const after = asEvent(put?.data)
    if (after) {
      const dropped = Object.keys(copy ?? {}).filter((key) => !(key in after))
      if (after.subject !== edited) warnLast(ctx, 'the answer does not carry the edited subject')
      if (dropped.length > 0)
        warnLast(ctx, `fields of the read copy missing from the answer: ${dropped.join(', ')}`)
    }

    const before = asEvent(put?.data ?? read?.data)?.next_Scheduled_Date
    const snoozes = readEnvelope(await ctx.request({ path: '/snoozes' }))
    const firstKey =
      snoozes.ok && Array.isArray(snoozes.value.data)
        ? (snoozes.value.data[0] as { option_Key?: unknown } | undefined)?.option_Key
        : undefined
    const duration = typeof firstKey === 'string' ? firstKey : 'SNOOZE_15_MIN'
    const snoozed = await checkOperation(ctx, {
      group,
      name: `snooze: POST /events/{id}/snooze?snoozeDuration=${duration}`,
      request: {
        method: 'POST',
        path: `/events/${id}/snooze`,
        query: { snoozeDuration: duration },
      },
      schema: eventSchema,
      expect,
    })
    const next = asEvent(snoozed?.data)?.next_Scheduled_Date
    if (snoozed && (typeof next !== 'string' || next === before))
      warnLast(
        ctx,
        'next_Scheduled_Date did not change: the console shows a snoozed event as snoozed until then',
      )

    const removed = await checkOperation(ctx, {
      group,
      name: 'delete: DELETE /events/{id}',
      request: { method: 'DELETE', path: `/events/${id}` },
      schema: z.unknown(),
      expect: 'anything (null)',
    })
    deleted = removed !== undefined
    if (deleted) await checkGone(ctx, id)
  } finally {
    if (id !== undefined && !deleted) await cleanUp(ctx, id)
  }
}

/** A PASS of the last check becomes a WARN, saying why. */
function warnLast(ctx: DoctorContext, detail: string) {
  const last = ctx.checks.at(-1)
  if (!last) return
  last.details.push(detail)
  if (last.outcome === 'PASS') last.outcome = 'WARN'
}

async function checkGone(ctx: DoctorContext, id: number) {
  const answer = await ctx.request({ path: `/events/${id}` })
  ctx.add(
    group,
    'gone: GET /events/{id} after the delete',
    answer.ok && answer.status === 404 ? 'PASS' : 'FAIL',
    'HTTP 404',
    answer.ok ? `HTTP ${answer.status}` : answer.message,
  )
}

/** After a failed step: deletes the test event, and says so either way. */
async function cleanUp(ctx: DoctorContext, id: number) {
  const answer = await ctx.request({ method: 'DELETE', path: `/events/${id}` })
  const ok = answer.ok && answer.status >= 200 && answer.status < 300
  ctx.add(
    group,
    'clean-up: DELETE /events/{id}',
    ok ? 'PASS' : 'FAIL',
    'the test event deleted after a failed step',
    ok
      ? `test event ${id} deleted`
      : `test event ${id} is left behind: ${answer.ok ? `HTTP ${answer.status}` : answer.message}; delete it by hand`,
  )
}
