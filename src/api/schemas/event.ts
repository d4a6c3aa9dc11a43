import { z } from './zod'
import { optDate, optInt, optNum, optText, serviceDate } from './common'
import { EVENT_TEXT_LIMITS, limitedFields } from './limited-text'

/**
 * Event: the service's 25 fields, names spelt exactly as it sends them. Required are the NOT NULL
 * ones.
 * Loose: unknown fields are kept, so a GET then PUT never drops what the UI does not show.
 */
export const eventSchema = z.looseObject({
  event_ID: z.int(),
  claim_Audit_Event: z.boolean(),
  completion_Date: optDate(),
  completion_Percent: optNum(),
  due_Date: optDate(),
  end_Date: optDate(),
  entry_Date: z.nullish(serviceDate),
  entry_User: optText(),
  event_Processor: optText(),
  event_Type: optText(),
  meta_Data: optText(),
  next_Scheduled_Date: optDate(),
  next_Scheduled_Time: optDate(),
  priority: optText(),
  process_Automation_Event: z.boolean(),
  reminder: z.boolean(),
  reminder_Event_ID: optInt(),
  reportSeries_Key: optInt(),
  start_Date: optDate(),
  status: optText(),
  subject: optText(),
  update_Date: z.nullish(serviceDate),
  update_User: optText(),
  userGroup_Key: optInt(),
  user_ID: optText(),
})

export type Event = z.infer<typeof eventSchema>
export type EventField = keyof z.infer<typeof eventSchema> & string

/** The 25 field names, in the order the service documents them (the order above). */
export const eventFields = Object.keys(eventSchema.shape) as EventField[]

/** An event as sent to create: `event_ID` may be absent or 0 (the service assigns it). */
export const newEventSchema = z.extend(eventSchema, { event_ID: z.optional(z.int()) })
export type NewEvent = z.infer<typeof newEventSchema>

/**
 * An event as a write sends it (create, update, an item of a batch): each text field held to
 * `EVENT_TEXT_LIMITS`. Reads use `eventSchema`, which takes text of any length.
 */
// Pure: a bundle that does not use it (the index's worker, the list) drops it.
export const eventWriteSchema = /* @__PURE__ */ z.extend(
  newEventSchema,
  /* @__PURE__ */ limitedFields(EVENT_TEXT_LIMITS),
)

export const eventListSchema = z.pipe(
  z.nullable(z.array(eventSchema)),
  z.transform((v) => v ?? []),
)
