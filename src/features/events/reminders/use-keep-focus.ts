import { useEffect, useRef, type RefObject } from 'react'

/**
 * When the focused item of a list goes away (a snoozed or completed reminder leaves at once),
 * moves focus to the item now in its place (or the last one), else to `fallback`, so keyboard
 * and screen-reader users are not dropped at the top of the page.
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
    const active = document.activeElement
    if (active && active !== document.body) return
    const gone = before.findIndex((id) => !ids.includes(id))
    if (gone < 0) return
    const items = listRef.current?.children
    const item = items?.[Math.min(gone, items.length - 1)]
    const target = item?.querySelector<HTMLElement>('button, a[href]') ?? fallback.current
    target?.focus()
  }, [ids, listRef, fallback])
}
