import { useEffect, type RefObject } from 'react'
import fcStyles from '@fullcalendar/react/protected-styles'

const SCROLLS = /^(auto|scroll)$/
const TABLE = '[role="table"], [role="grid"], [role="rowgroup"]'
const MARK = 'data-scroll-region'

export interface ScrollerLabels {
  /** The time grid's row of hours (inside its table). */
  hours: string
  /** Any other scrolling region (the agenda's list). */
  other: string
}

/** Takes back what `mark` added: a row of FullCalendar's keeps its own role. */
function unmark(element: Element) {
  const ownRole = element.getAttribute(MARK) === 'row'
  for (const attr of ['tabindex', 'aria-label', MARK]) element.removeAttribute(attr)
  if (!ownRole) element.removeAttribute('role')
}

/**
 * Makes every region of the calendar that scrolls reachable from the keyboard, so a keyboard user
 * can scroll it with the arrow keys even when no event inside takes focus (an empty week, a
 * filtered day):
 * - inside the time grid's table, the scroller stands between a rowgroup and its row, where a tab
 *   stop or a role would break the table: its row (the hours) takes focus and a name instead;
 * - elsewhere (the agenda) the scroller itself takes focus as a named group.
 * Regions that do not scroll (the month, which grows with its weeks) get no tab stop. Checked
 * again whenever FullCalendar redraws (a view or date change replaces its scrollers).
 */
export function useKeyboardScrollers(root: RefObject<HTMLElement | null>, labels: ScrollerLabels) {
  const { hours, other } = labels
  useEffect(() => {
    const element = root.current
    if (!element) return
    let frame = 0
    const selector = `.${fcStyles.internalScroller}`
    const mark = () => {
      frame = 0
      for (const scroller of element.querySelectorAll<HTMLElement>(selector)) {
        const style = getComputedStyle(scroller)
        const scrolls = SCROLLS.test(style.overflowY) || SCROLLS.test(style.overflowX)
        const inTable = scroller.closest(TABLE) !== null
        const target = inTable ? scroller.querySelector<HTMLElement>('[role="row"]') : scroller
        for (const marked of scroller.querySelectorAll(`[${MARK}]`))
          if (marked !== target || !scrolls) unmark(marked)
        if (scroller !== target && scroller.hasAttribute(MARK)) unmark(scroller)
        if (!target || !scrolls) continue
        target.tabIndex = 0
        target.setAttribute(MARK, inTable ? 'row' : 'group')
        if (!inTable) target.setAttribute('role', 'group')
        target.setAttribute('aria-label', inTable ? hours : other)
      }
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(mark)
    }
    // Only changes to the scrollers themselves (added, removed, restyled) count: events drawn
    // inside them do not, and reading the scrollers' computed style costs a style recalculation.
    const touches = (node: Node) =>
      node instanceof Element && (node.matches(selector) || node.querySelector(selector) !== null)
    const changed = (records: MutationRecord[]) => {
      for (const r of records) {
        if (r.type === 'attributes' && (r.target as Element).matches(selector)) return true
        if (r.type === 'childList') {
          for (const n of r.addedNodes) if (touches(n)) return true
          for (const n of r.removedNodes) if (touches(n)) return true
        }
      }
      return false
    }
    mark()
    const observer = new MutationObserver((records) => {
      if (changed(records)) schedule()
    })
    // FullCalendar turns scrolling on and off through the scroller's style and class.
    observer.observe(element, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'class'],
    })
    return () => {
      observer.disconnect()
      if (frame) cancelAnimationFrame(frame)
    }
  }, [root, hours, other])
}
