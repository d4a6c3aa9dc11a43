import { useEffect, type RefObject } from 'react'
import { tabbableIn } from './focusable'

/**
 * Keeps focus in `holder` when the element that had it there is taken away (a bar that turns
 * into a progress bar, a button that gives way to its result): focus goes to the first control
 * there now, else to the page's main area, never to the document's body. Focus the user moves
 * elsewhere (a click, Tab out) is left alone.
 */
export function useFocusKeptIn(holder: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = holder.current
    if (!el) return
    let had = false
    const inside = () => {
      had = true
    }
    const leave = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !el.contains(event.relatedTarget)) had = false
    }
    const pointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node && el.contains(event.target))) had = false
    }
    const lost = () => {
      if (!had) return
      const at = document.activeElement
      if (at && at !== document.body) return
      const next = tabbableIn(el)[0] ?? document.getElementById('main')
      next?.focus({ preventScroll: true })
      if (!next || !el.contains(next)) had = false
    }
    const changes = new MutationObserver(lost)
    changes.observe(el, { childList: true, subtree: true, attributes: true })
    el.addEventListener('focusin', inside)
    el.addEventListener('focusout', leave)
    document.addEventListener('pointerdown', pointer, true)
    return () => {
      changes.disconnect()
      el.removeEventListener('focusin', inside)
      el.removeEventListener('focusout', leave)
      document.removeEventListener('pointerdown', pointer, true)
    }
  }, [holder])
}
