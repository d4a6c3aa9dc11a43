import { fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { RowLink } from './row-link'

function app() {
  const router = createMemoryRouter(
    [
      { path: '/events', element: <RowLink to="/events/7">Event 7</RowLink> },
      { path: '/events/:id', element: <h1>Detail</h1> },
    ],
    { initialEntries: ['/events'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('RowLink', () => {
  it('goes to the page through the router on a plain click', () => {
    const router = app()
    const link = screen.getByRole('link', { name: 'Event 7' })
    expect(link).toHaveAttribute('href', '/events/7')
    fireEvent.click(link)
    expect(router.state.location.pathname).toBe('/events/7')
  })

  it('leaves a modified or middle click to the browser (a new tab or window)', () => {
    const router = app()
    const link = screen.getByRole('link', { name: 'Event 7' })
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }])
      fireEvent.click(link, init)
    expect(router.state.location.pathname).toBe('/events')
  })
})
