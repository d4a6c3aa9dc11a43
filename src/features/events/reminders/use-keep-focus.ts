import { useEffect, useRef, type RefObject } from 'react'

/** How long after an item leaves focus may still fall to the page (a menu closing over it). */
const WATCH_MS = 1_000

/**
 * When the focused item of a list goes away (a snoozed or completed reminder leaves at once),
 * moves focus to the item now in its place (or the last one), else to `fallback`, so keyboard
 * and screen-reader users are not dropped at the top of the page. Focus may still be elsewhere
 * when the item leaves (in the menu that snoozed it): it is watched for a moment, and moved once
 * the menu closes and focus falls to the page. A list that is empty for a moment (read again)
 * leaves focus on `fallback` until its items are back.
 */
export function useKeepFocus(
  listRef: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
  ids: readonly number[],
) {
  const previous = useRef(ids)
  /** Where focus belongs once the list is back, while the fallback holds it (the list was empty). */
  const pending = useRef<number | null>(null)
  useEffect(() => {
    const before = previous.current
    previous.current = ids
    /** Focuses the item at `index` (or the last one); false when the list has none. */
    const focusItem = (index: number) => {
      const items = listRef.current?.children
      const item = items?.[Math.min(index, items.length - 1)]
      const target = item?.querySelector<HTMLElement>('button, a[href]')
      target?.focus()
      return Boolean(target)
    }
    // The list is back after reading again (it was empty for a moment): focus returns to it.
    if (pending.current !== null && document.activeElement === fallback.current)
      if (focusItem(pending.current)) pending.current = null
    const gone = before.findIndex((id) => !ids.includes(id))
    if (gone < 0) return
    // Focus fell to the page, or to the fallback itself (a dialog moves focus to itself when the
    // element holding it leaves): either way nobody put it there on purpose.
    const dropped = () =>
      !document.activeElement ||
      document.activeElement === document.body ||
      document.activeElement === fallback.current
    const restore = () => {
      if (focusItem(gone)) pending.current = null
      else {
        fallback.current?.focus()
        pending.current = gone
      }
    }
    if (dropped()) {
      restore()
      return
    }
    const until = Date.now() + WATCH_MS
    let timer: ReturnType<typeof setTimeout> | undefined
    const watch = () => {
      if (dropped()) restore()
      else if (Date.now() < until) timer = setTimeout(watch, 25)
    }
    timer = setTimeout(watch, 25)
    return () => clearTimeout(timer)
  }, [ids, listRef, fallback])
}
