import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * For a route whose page reads its own address (the list's filters, the calendar's view and
 * date): another search of the same path loads nothing, so the navigation is not "loading" (no
 * progress bar, no second drawing of the app); another path loads as usual.
 */
export function onlyOnNewPath({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}
