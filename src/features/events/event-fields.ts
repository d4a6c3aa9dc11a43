import { formatDisplayDateTime } from '@/lib/format/format'
import { eventFields } from '@/api/schemas/event'

/** Readable names of the Event fields (`eventSchema` in `src/api/schemas/event.ts`). */
export const eventFieldLabels: Record<string, string> = {
  event_ID: 'Event ID',
  claim_Audit_Event: 'Triggers a claim audit',
  completion_Date: 'Completed on',
  completion_Percent: 'Completion',
  due_Date: 'Due',
  end_Date: 'Ends',
  entry_Date: 'Created',
  entry_User: 'Created by',
  event_Processor: 'Processor',
  event_Type: 'Type',
  meta_Data: 'Metadata',
  next_Scheduled_Date: 'Next reminder',
  next_Scheduled_Time: 'Next scheduled time',
  priority: 'Priority',
  process_Automation_Event: 'Triggers a report series',
  reminder: 'Reminder',
  reminder_Event_ID: 'Reminder event ID',
  reportSeries_Key: 'Report series',
  start_Date: 'Starts',
  status: 'Status',
  subject: 'Subject',
  update_Date: 'Last updated',
  update_User: 'Updated by',
  userGroup_Key: 'User group',
  user_ID: 'Assigned user',
}

export const fieldLabel = (field: string) => eventFieldLabels[field] ?? field

const DATE_FIELD = /_Date$|^next_Scheduled_Time$/
const documented = new Set<string>(eventFields)

/** Whether a field is one of the 25 the document names (others are kept, shown as they came). */
export const isDocumentedField = (field: string) => documented.has(field)

/** A field's value as text for people: readable dates, Yes/No, a percent sign; '' when empty. */
export function formatEventValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string' && DATE_FIELD.test(field)) return formatDisplayDateTime(value)
  if (field === 'completion_Percent' && typeof value === 'number') return `${value}%`
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** `FOLLOW_UP` -> `Follow up`: codes made readable without knowing them in advance. */
export function humanizeCode(code: string | null | undefined): string {
  if (!code) return ''
  const words = code.replace(/_/g, ' ').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
