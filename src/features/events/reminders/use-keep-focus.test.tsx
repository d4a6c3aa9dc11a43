import { act, cleanup, render } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useKeepFocus } from './use-keep-focus'

function Panel({ ids }: { ids: number[] }) {
  const list = useRef<HTMLUListElement>(null)
  const dialog = useRef<HTMLDivElement>(null)
  useKeepFocus(list, dialog, ids)
  return (
    <div ref={dialog} tabIndex={-1} data-testid="dialog">
      <ul ref={list}>
        {ids.map((id) => (
          <li key={id}>
            <button type="button">Reminder {id}</button>
          </li>
        ))}
      </ul>
      <button type="button">Elsewhere</button>
    </div>
  )
}

const named = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name)!

describe('useKeepFocus', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('moves focus to the item in the gone one’s place when focus fell to the page', () => {
    const { rerender } = render(<Panel ids={[1, 2, 3]} />)
    named('Reminder 2').focus()
    rerender(<Panel ids={[1, 3]} />)
    expect(document.activeElement).toBe(named('Reminder 3'))
  })

  it('counts focus moved to the dialog itself as dropped, and moves it on to the list', () => {
    const { rerender, getByTestId } = render(<Panel ids={[1, 2, 3]} />)
    named('Elsewhere').focus()
    rerender(<Panel ids={[1, 3]} />)
    // The menu that snoozed the item closes; the dialog takes focus, as react-aria does.
    act(() => getByTestId('dialog').focus())
    act(() => vi.advanceTimersByTime(50))
    expect(document.activeElement).toBe(named('Reminder 3'))
  })

  it('leaves focus the user put elsewhere where it is', () => {
    const { rerender } = render(<Panel ids={[1, 2, 3]} />)
    named('Elsewhere').focus()
    rerender(<Panel ids={[1, 3]} />)
    act(() => vi.advanceTimersByTime(2_000))
    expect(document.activeElement).toBe(named('Elsewhere'))
  })
})
