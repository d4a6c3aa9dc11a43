import { describe, expect, it } from 'vitest'
import { authSchema, authWriteSchema } from './auth'
import { eventSchema, eventWriteSchema } from './event'
import { eventScheduleSchema } from './event-schedule'
import { AUTH_TEXT_LIMITS, EVENT_TEXT_LIMITS, SCHEDULE_TEXT_LIMITS } from './text-limits'
import { z } from './zod'

/** The fields of an object schema that take free text (not a date, a number or a flag). */
const textFields = (schema: { shape: Record<string, z.core.$ZodType> }) =>
  Object.entries(schema.shape)
    .filter(([, field]) => z.safeParse(field, 'plain words').success)
    .map(([name]) => name)
    .sort()

describe('text limits', () => {
  it.each([
    ['Event', eventSchema, EVENT_TEXT_LIMITS],
    ['Auth', authSchema, AUTH_TEXT_LIMITS],
    ['EventSchedule', eventScheduleSchema, SCHEDULE_TEXT_LIMITS],
  ] as const)('name every text field of %s, and only those', (_, schema, limits) => {
    expect(Object.keys(limits).sort()).toEqual(textFields(schema))
  })

  it('hold writes to them, and leave reads unlimited', () => {
    const long = 'x'.repeat(EVENT_TEXT_LIMITS.subject + 1)
    const event = { claim_Audit_Event: false, process_Automation_Event: false, reminder: false }
    expect(z.safeParse(eventSchema, { ...event, event_ID: 1, subject: long }).success).toBe(true)
    const write = z.safeParse(eventWriteSchema, { ...event, subject: long })
    expect(write.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['subject', 'Keep it to 1,000 characters or fewer'],
    ])
    expect(z.safeParse(eventWriteSchema, { ...event, subject: long.slice(1) }).success).toBe(true)

    const auth = {
      closed: false,
      new_Or_Extended: false,
      previous_Treatment: false,
      tPlan_DownLoaded: false,
      urgent: false,
    }
    const printed = 'x'.repeat(AUTH_TEXT_LIMITS.tPlan_Printed + 1)
    expect(z.safeParse(authSchema, { ...auth, tPlan_Printed: printed }).success).toBe(true)
    expect(z.safeParse(authWriteSchema, { ...auth, tPlan_Printed: printed }).success).toBe(false)
    // Still required in a write.
    expect(z.safeParse(authWriteSchema, auth).success).toBe(false)
    expect(z.safeParse(authWriteSchema, { ...auth, tPlan_Printed: 'N' }).success).toBe(true)
  })
})
