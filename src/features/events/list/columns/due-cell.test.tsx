// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { columnOf, renderCell } from './events-columns'

const pad = (n: number) => String(n).padStart(2, '0')
const at = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00`
}
const event = (over: Partial<Event>): Event => ({
  event_ID: 1,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  ...over,
})
afterEach(cleanup)

const due = (e: Event) => render(<>{renderCell(columnOf('due_Date'), e, 'Completed')}</>)

describe('the list’s Due cell', () => {
  it('marks an overdue event as the model says: open, due before now, not snoozed', () => {
    due(event({ due_Date: at(-60) }))
    expect(screen.getByText('(overdue)')).toBeInTheDocument()
  })

  it('does not mark one due later, completed or snoozed', () => {
    due(event({ due_Date: at(60) }))
    due(event({ due_Date: at(-60), status: 'Completed' }))
    due(event({ due_Date: at(-60), reminder: true, next_Scheduled_Date: at(30) }))
    expect(screen.queryByText('(overdue)')).toBeNull()
  })
})
