import { useHref, useLocation } from 'react-router'

/**
 * An href to an element of the current page. A bare "#id" resolves against index.html's
 * `<base href>` (the app's root, not this page), so a click would leave the page.
 */
export function useFragmentHref(): (id: string) => string {
  const { pathname, search } = useLocation()
  const page = useHref({ pathname, search })
  return (id) => `${page}#${id}`
}
