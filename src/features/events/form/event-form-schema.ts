import { z } from 'zod'
import { fromDateTimeInputValue, normalizeServiceDate, toDateTimeInputValue } from '@/api/dates'
import type { Event, NewEvent } from '@/api/schemas/event'
import { dateOrderProblems, EVENT_DATE_ORDER } from '@/api/schemas/date-order'
import { eventDateLabel } from '../model/date-labels'
import { EVENT_TEXT_LIMITS, formatCount } from '@/api/schemas/limited-text'

const INT32_MAX = 2_147_483_647
const WHOLE = /^-?\d+$/

/** A whole-number field: empty, or an integer the service can store (32-bit). */
const wholeNumber = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (WHOLE.test(v) && Math.abs(Number(v)) <= INT32_MAX), {
      message: `${name} must be a whole number`,
    })

/**
 * Text of at most the service's limit for `field` (`EVENT_TEXT_LIMITS`), counted as it is sent
 * (trimmed); the message says how far over it is.
 */
export const limitedInput = (field: keyof typeof EVENT_TEXT_LIMITS, what: string) => {
  const max = EVENT_TEXT_LIMITS[field]
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v.length > max)
        ctx.addIssue({
          code: 'custom',
          message: `Keep ${what} to ${formatCount(max)} characters or fewer (${formatCount(v.length)} now)`,
        })
    })
}

/** A `datetime-local` value, or empty. */
const dateTime = z
  .string()
  .trim()
  .refine((v) => v === '' || fromDateTimeInputValue(v) !== null, {
    message: 'Enter a complete date and time',
  })

/**
 * The event form: every editable field as the inputs hold it (text, checkboxes). Validated as
 * the service would (types, ranges), plus the rule that an automation event names its report
 * series. `fromFormValues` turns it back into an Event.
 */
export const eventFormSchema = z
  .object({
    subject: limitedInput('subject', 'the subject').refine((v) => v !== '', 'Enter a subject'),
    event_Type: limitedInput('event_Type', 'the type'),
    priority: z.string(),
    status: limitedInput('status', 'the status'),
    user_ID: limitedInput('user_ID', 'the user ID'),
    userGroup_Key: wholeNumber('User group'),
    start_Date: dateTime,
    due_Date: dateTime,
    end_Date: dateTime,
    next_Scheduled_Date: dateTime,
    completion_Percent: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 100),
        {
          message: 'Completion must be a number from 0 to 100',
        },
      ),
    completion_Date: dateTime,
    reminder: z.boolean(),
    reminder_Event_ID: wholeNumber('Reminder event ID'),
    claim_Audit_Event: z.boolean(),
    process_Automation_Event: z.boolean(),
    reportSeries_Key: wholeNumber('Report series'),
    event_Processor: limitedInput('event_Processor', 'the processor'),
    meta_Data: limitedInput('meta_Data', 'the metadata'),
  })
  .superRefine((v, ctx) => {
    // The one rule for date ranges (the service's, the calendar's and the import's too).
    const dates = Object.fromEntries(
      EVENT_DATE_ORDER.flat().map((f) => [f, fromDateTimeInputValue(v[f]) ?? null]),
    )
    const problems = dateOrderProblems(dates, EVENT_DATE_ORDER, (f) => `the ${eventDateLabel(f)}`)
    for (const [path, message] of Object.entries(problems))
      ctx.addIssue({ code: 'custom', path: [path], message })
    if (v.process_Automation_Event && v.reportSeries_Key === '')
      ctx.addIssue({
        code: 'custom',
        path: ['reportSeries_Key'],
        message: 'Enter the report series this event triggers',
      })
  })

export type EventFormValues = z.infer<typeof eventFormSchema>
export type EventFormField = keyof EventFormValues

export const eventFormFields = Object.keys(eventFormSchema.shape) as EventFormField[]

const text = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : String(v)

/** The form's values for an event (or a new one). */
export function toFormValues(event: Partial<Event>): EventFormValues {
  return {
    subject: text(event.subject),
    event_Type: text(event.event_Type),
    priority: text(event.priority),
    status: text(event.status),
    user_ID: text(event.user_ID),
    userGroup_Key: text(event.userGroup_Key),
    start_Date: toDateTimeInputValue(event.start_Date),
    due_Date: toDateTimeInputValue(event.due_Date),
    end_Date: toDateTimeInputValue(event.end_Date),
    next_Scheduled_Date: toDateTimeInputValue(event.next_Scheduled_Date),
    completion_Percent: text(event.completion_Percent),
    completion_Date: toDateTimeInputValue(event.completion_Date),
    reminder: event.reminder ?? false,
    reminder_Event_ID: text(event.reminder_Event_ID),
    claim_Audit_Event: event.claim_Audit_Event ?? false,
    process_Automation_Event: event.process_Automation_Event ?? false,
    reportSeries_Key: text(event.reportSeries_Key),
    event_Processor: text(event.event_Processor),
    meta_Data: text(event.meta_Data),
  }
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim())
const intOrNull = (v: string) => (v.trim() === '' ? null : Number(v.trim()))
const numberOrNull = intOrNull

/**
 * A date input's value for the service. An unchanged input keeps the service's own text (the
 * input drops seconds), so saving without touching a date does not rewrite it.
 */
function dateOrNull(value: string, original: string | null | undefined): string | null {
  if (value.trim() === '') return null
  if (original && toDateTimeInputValue(original) === value.trim()) return original
  return fromDateTimeInputValue(value)
}

/**
 * The event to send: `base` (the event as loaded, unknown fields included) with the form's
 * values on top. `next_Scheduled_Time` follows a changed next reminder when it was the same
 * moment (or empty), as the service keeps them.
 */
export function fromFormValues<T extends Event | NewEvent>(values: EventFormValues, base: T): T {
  const next = dateOrNull(values.next_Scheduled_Date, base.next_Scheduled_Date)
  const timeFollows =
    !base.next_Scheduled_Time ||
    normalizeServiceDate(base.next_Scheduled_Time) ===
      normalizeServiceDate(base.next_Scheduled_Date)
  return {
    ...base,
    subject: orNull(values.subject),
    event_Type: orNull(values.event_Type),
    priority: orNull(values.priority),
    status: orNull(values.status),
    user_ID: orNull(values.user_ID),
    userGroup_Key: intOrNull(values.userGroup_Key),
    start_Date: dateOrNull(values.start_Date, base.start_Date),
    due_Date: dateOrNull(values.due_Date, base.due_Date),
    end_Date: dateOrNull(values.end_Date, base.end_Date),
    next_Scheduled_Date: next,
    next_Scheduled_Time:
      next !== (base.next_Scheduled_Date ?? null) && timeFollows
        ? next
        : (base.next_Scheduled_Time ?? null),
    completion_Percent: numberOrNull(values.completion_Percent),
    completion_Date: dateOrNull(values.completion_Date, base.completion_Date),
    reminder: values.reminder,
    reminder_Event_ID: intOrNull(values.reminder_Event_ID),
    claim_Audit_Event: values.claim_Audit_Event,
    process_Automation_Event: values.process_Automation_Event,
    reportSeries_Key: intOrNull(values.reportSeries_Key),
    event_Processor: orNull(values.event_Processor),
    meta_Data: values.meta_Data === '' ? null : values.meta_Data,
  }
}

/** A new event's starting values: assigned to the signed-in user, open. */
export function newEventValues(userId: string): EventFormValues {
  return toFormValues({ user_ID: userId, status: 'Open' })
}
