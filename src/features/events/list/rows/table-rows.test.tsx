import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Event } from '@/api/schemas/event'
import { rowActionsLabel } from '../../actions/row-actions-label'
import { columnOf } from '../columns/events-columns'
import { TableRows } from './table-rows'

const event = (id: number, subject: string): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  subject,
})

const rowsOf = (rows: Event[]) => (
  <MemoryRouter>
    <table>
      <tbody>
        <TableRows
          rows={rows}
          columns={[columnOf('subject'), columnOf('status')]}
          completedStatus="Completed"
          isSelected={(id) => id === 3}
          failedIds={new Set()}
          onToggle={() => {}}
        />
      </tbody>
    </table>
  </MemoryRouter>
)

describe('TableRows', () => {
  it('draws another answer into the same rows, but never carries an event’s menu to another', () => {
    const [a, b, c] = [event(1, 'Call provider'), event(2, 'Audit batch'), event(3, 'Renewal')]
    const { rerender } = render(rowsOf([a, b]))
    const [firstRow, secondRow] = screen.getAllByRole('row')
    const firstMenu = screen.getByRole('button', { name: rowActionsLabel(a) })
    const secondMenu = screen.getByRole('button', { name: rowActionsLabel(b) })

    rerender(rowsOf([c, b]))
    const rows = screen.getAllByRole('row')
    // The rows' elements are kept (a filter change updates them rather than building new ones)…
    expect(rows[0]).toBe(firstRow)
    expect(rows[1]).toBe(secondRow)
    expect(rows[0]).toHaveTextContent('Renewal')
    expect(screen.getByRole('checkbox', { name: /Renewal/ })).toBeChecked()
    expect(screen.getByRole('link', { name: 'Renewal' })).toHaveAttribute('href', '/events/3')
    // …but the actions of a row that now shows another event start afresh (no menu left open
    // for the event that was there), and an unchanged row's are left alone.
    const newMenu = screen.getByRole('button', { name: rowActionsLabel(c) })
    expect(newMenu).not.toBe(firstMenu)
    expect(firstMenu.isConnected).toBe(false)
    expect(screen.getByRole('button', { name: rowActionsLabel(b) })).toBe(secondMenu)
  })
})
