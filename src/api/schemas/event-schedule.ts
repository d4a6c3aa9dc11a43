import { z } from './zod'
import { optDate, optInt, optText } from './common'

/** EventSchedule, from `GET /events/{eventID}/schedules` and `.../schedules/{scheduleId}/next`. */
export const eventScheduleSchema = z.looseObject({
  schedule_ID: z.int(),
  description: optText(),
  end_Date: optDate(),
  end_Option: optInt(),
  end_Time: optDate(),
  entry_Date: optDate(),
  entry_User: optText(),
  event_ID: z.int(),
  frequency: optInt(),
  frequency_Factor: optInt(),
  friday: z.boolean(),
  interval_Option: optInt(),
  monday: z.boolean(),
  next_Scheduled_Date: optDate(),
  next_Scheduled_Time: optDate(),
  play_Sound: z.boolean(),
  regenerate_Event: z.boolean(),
  regeneration_Date_Part: optText(),
  regeneration_Interval: optInt(),
  relative_Frequency: optInt(),
  saturday: z.boolean(),
  schedule_Interval: optInt(),
  sound_File: optText(),
  start_Date: optDate(),
  start_Time: optDate(),
  sunday: z.boolean(),
  thursday: z.boolean(),
  total_Occurrences: optInt(),
  tuesday: z.boolean(),
  update_Date: optDate(),
  update_User: optText(),
  wednesday: z.boolean(),
})

export type EventSchedule = z.infer<typeof eventScheduleSchema>

export const eventScheduleListSchema = z.pipe(
  z.nullable(z.array(eventScheduleSchema)),
  z.transform((v) => v ?? []),
)
