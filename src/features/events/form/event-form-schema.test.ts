import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { eventFormSchema, fromFormValues, newEventValues, toFormValues } from './event-form-schema'

const event: Event = {
  event_ID: 42,
  claim_Audit_Event: false,
  process_Automation_Event: true,
  reportSeries_Key: 7,
  reminder: true,
  subject: 'Run lag report',
  priority: 'HIGH',
  status: 'Open',
  due_Date: '2026-03-14T09:30:15',
  next_Scheduled_Date: '2026-03-13T08:00:00',
  next_Scheduled_Time: '2026-03-13T08:00:00',
  completion_Percent: 40,
  userGroup_Key: 3,
  update_Date: '2026-03-10T08:00:00',
  custom_Field: { keep: true },
}

const errorsOf = (values: unknown) => {
  const result = eventFormSchema.safeParse(values)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the event form schema', () => {
  it('accepts an event as loaded', () => {
    expect(errorsOf(toFormValues(event))).toEqual({})
  })

  it('rejects a completion outside 0..100 and text in number fields', () => {
    const values = toFormValues(event)
    expect(errorsOf({ ...values, completion_Percent: '120' })).toHaveProperty('completion_Percent')
    expect(errorsOf({ ...values, completion_Percent: '-1' })).toHaveProperty('completion_Percent')
    expect(errorsOf({ ...values, completion_Percent: '99.5' })).toEqual({})
    expect(errorsOf({ ...values, userGroup_Key: '3.5' })).toHaveProperty('userGroup_Key')
    expect(errorsOf({ ...values, reminder_Event_ID: 'abc' })).toHaveProperty('reminder_Event_ID')
    expect(errorsOf({ ...values, userGroup_Key: '3000000000' })).toHaveProperty('userGroup_Key')
  })

  it('requires a report series when the event triggers one, and a subject', () => {
    const values = toFormValues(event)
    expect(errorsOf({ ...values, reportSeries_Key: '' })).toEqual({
      reportSeries_Key: 'Enter the report series this event triggers',
    })
    expect(errorsOf({ ...values, reportSeries_Key: '', process_Automation_Event: false })).toEqual(
      {},
    )
    expect(errorsOf({ ...values, subject: '   ' })).toHaveProperty('subject')
  })

  it('holds text to the service’s limits, counted as sent (trimmed), saying how far over', () => {
    const values = toFormValues(event)
    expect(errorsOf({ ...values, subject: 'x'.repeat(1_001) })).toEqual({
      subject: 'Keep the subject to 1,000 characters or fewer (1,001 now)',
    })
    expect(errorsOf({ ...values, subject: ` ${'x'.repeat(1_000)} ` })).toEqual({})
    expect(errorsOf({ ...values, meta_Data: 'm'.repeat(8_001) })).toEqual({
      meta_Data: 'Keep the metadata to 8,000 characters or fewer (8,001 now)',
    })
    expect(errorsOf({ ...values, meta_Data: 'm'.repeat(8_000) })).toEqual({})
    expect(errorsOf({ ...values, status: 's'.repeat(101) })).toHaveProperty('status')
    expect(errorsOf({ ...values, event_Processor: 'p'.repeat(201) })).toHaveProperty(
      'event_Processor',
    )
  })

  it('rejects a date that is not one', () => {
    expect(errorsOf({ ...toFormValues(event), due_Date: '2026-02-30T09:00' })).toHaveProperty(
      'due_Date',
    )
  })
})

describe('fromFormValues', () => {
  it('gives back the same event when nothing changed (unknown fields and seconds kept)', () => {
    expect(fromFormValues(toFormValues(event), event)).toEqual({
      ...event,
      // Fields the event did not have come back as explicit nulls.
      completion_Date: null,
      end_Date: null,
      start_Date: null,
      event_Type: null,
      user_ID: null,
      reminder_Event_ID: null,
      event_Processor: null,
      meta_Data: null,
    })
  })

  it('turns the inputs into service values', () => {
    const values = {
      ...toFormValues(event),
      subject: '  Run the lag report  ',
      userGroup_Key: '',
      completion_Percent: '55.5',
      due_Date: '2026-04-01T10:15',
      priority: '',
    }
    const saved = fromFormValues(values, event)
    expect(saved).toMatchObject({
      subject: 'Run the lag report',
      userGroup_Key: null,
      completion_Percent: 55.5,
      due_Date: '2026-04-01T10:15:00',
      priority: null,
      custom_Field: { keep: true },
    })
  })

  it('moves the next scheduled time with the next reminder when they were the same', () => {
    const values = { ...toFormValues(event), next_Scheduled_Date: '2026-03-20T09:00' }
    expect(fromFormValues(values, event)).toMatchObject({
      next_Scheduled_Date: '2026-03-20T09:00:00',
      next_Scheduled_Time: '2026-03-20T09:00:00',
    })
    const apart = { ...event, next_Scheduled_Time: '2026-03-14T09:30:00' }
    expect(fromFormValues(values, apart).next_Scheduled_Time).toBe('2026-03-14T09:30:00')
  })

  it('starts a new event assigned to the user, open', () => {
    expect(newEventValues('staff')).toMatchObject({ user_ID: 'staff', status: 'Open', subject: '' })
  })
})
