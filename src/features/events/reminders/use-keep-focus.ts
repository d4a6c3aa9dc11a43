import { useEffect, useRef, type RefObject } from 'react'

/** How long after an item leaves focus may still fall to the page (a menu closing over it). */
const WATCH_MS = 1_000

/**
 * When the focused item of a list goes away (a snoozed or completed reminder leaves at once),
 * moves focus to the item now in its place (or the last one), else to `fallback`, so keyboard
 * and screen-reader users are not dropped at the top of the page. Focus may still be elsewhere
 * when the item leaves (in the menu that snoozed it): it is watched for a moment, and moved once
 * the menu closes and focus falls to the page.
 */
export function useKeepFocus(
  listRef: RefObject<HTMLElement | null>,
  fallback: RefObject<HTMLElement | null>,
  ids: readonly number[],
) {
  const previous = useRef(ids)
  useEffect(() => {
    const before = previous.current
    previous.current = ids
    const gone = before.findIndex((id) => !ids.includes(id))
    if (gone < 0) return
    const dropped = () => !document.activeElement || document.activeElement === document.body
    const restore = () => {
      const items = listRef.current?.children
      const item = items?.[Math.min(gone, items.length - 1)]
      const target = item?.querySelector<HTMLElement>('button, a[href]') ?? fallback.current
      target?.focus()
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
