// The problem block and the error panel built on it, with errors from the real sandbox service.
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getEvent } from '@/api/events'
import { kickLongest } from '@/api/session'
import { ErrorPanel } from '@/components/errors/error-panel'
import { startInProcessSandbox, type InProcessSandbox } from '@/test/sandbox-client'
import { Button } from './button'
import { Problem } from './problem'

let service: InProcessSandbox
beforeAll(() => {
  service = startInProcessSandbox('problem-block', { events: 5 })
})
afterAll(() => service.close())
afterEach(cleanup)

/** The label of a region: the text of the element its aria-labelledby names. */
const labelOf = (region: HTMLElement) =>
  document.getElementById(region.getAttribute('aria-labelledby') ?? '')?.textContent

describe('Problem', () => {
  it('is an alert when it answers an action, a status when found while loading', () => {
    render(
      <>
        <Problem cause="action" title="Not saved" />
        <Problem cause="load" title="Priorities could not be loaded" />
      </>,
    )
    expect(screen.getByRole('alert', { name: 'Not saved' })).toBeInTheDocument()
    expect(
      screen.getByRole('status', { name: 'Priorities could not be loaded' }),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('gives each block on a page its own title id, so each is named by its own title', () => {
    render(
      <>
        <Problem cause="load" title="Durations could not be loaded" />
        <Problem cause="load" title="Priorities could not be loaded" />
      </>,
    )
    const [a, b] = screen.getAllByRole('status')
    expect(a?.getAttribute('aria-labelledby')).not.toBe(b?.getAttribute('aria-labelledby'))
    expect(labelOf(a!)).toBe('Durations could not be loaded')
    expect(labelOf(b!)).toBe('Priorities could not be loaded')
  })

  it('shows the message, the activity ID with a copy button, and its actions', async () => {
    const user = userEvent.setup()
    let retried = 0
    render(
      <Problem
        cause="action"
        title="Not deleted"
        activityId="act-123"
        actions={<Button onClick={() => retried++}>Try again</Button>}
      >
        The auth has adjustments.
      </Problem>,
    )
    const alert = screen.getByRole('alert', { name: 'Not deleted' })
    expect(alert).toHaveTextContent('The auth has adjustments.')
    expect(alert).toHaveTextContent('Activity ID act-123')
    expect(within(alert).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(retried).toBe(1)
  })

  it('has a heading only when asked, for a page-level problem', () => {
    render(
      <>
        <Problem cause="load" heading title="The service failed" />
        <Problem cause="load" title="Inline" />
      </>,
    )
    expect(screen.getAllByRole('heading')).toHaveLength(1)
    expect(screen.getByRole('heading', { level: 2, name: 'The service failed' })).toBeVisible()
  })
})

describe('ErrorPanel', () => {
  it('two on one page have distinct ids and are each named by their own failure', async () => {
    const staff = await service.clientFor('staff')
    const missing = await getEvent(staff, 987_654).catch((e: unknown) => e)
    const refused = await kickLongest(staff).catch((e: unknown) => e)
    render(
      <>
        <ErrorPanel error={missing} />
        <ErrorPanel error={refused} onRetry={() => {}} />
      </>,
    )
    const headings = screen.getAllByRole('heading', { level: 2 })
    expect(headings.map((h) => h.textContent)).toEqual(['Not found', 'Not allowed'])
    expect(headings[0]?.id).not.toBe(headings[1]?.id)
    expect(screen.getByRole('status', { name: 'Not found' })).toBeInTheDocument()
    const notAllowed = screen.getByRole('status', { name: 'Not allowed' })
    expect(within(notAllowed).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(notAllowed).toHaveTextContent(/Activity ID \S+/)
  })
})
