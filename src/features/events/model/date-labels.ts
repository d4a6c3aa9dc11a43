/** How an event's date fields are named in messages ("the due date must not be before the start"). */
const LABELS: Record<string, string> = {
  start_Date: 'start',
  end_Date: 'end',
  due_Date: 'due date',
  next_Scheduled_Date: 'next reminder',
  completion_Date: 'completion date',
}

export const eventDateLabel = (field: string) => LABELS[field] ?? field
