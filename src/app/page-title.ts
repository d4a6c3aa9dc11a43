import { useEffect } from 'react'
import { useMatches, type Params } from 'react-router'
import { setPageTitle } from '@/lib/document-title'

/**
 * A route's `handle`: the page's name in the browser tab, from the route's parameters only (a
 * record by its number: titles end up in the history, so never a subject or a member's name).
 */
export interface TitleHandle {
  title: string | ((params: Params) => string)
}

const titleOf = (handle: unknown, params: Params): string | null => {
  const title = (handle as Partial<TitleHandle> | undefined)?.title
  if (typeof title === 'function') return title(params)
  return typeof title === 'string' ? title : null
}

/**
 * Sets the tab's title to the deepest matched route's (`handle.title`), or to `instead` (the lock
 * screen says "Locked" whatever page is behind it).
 */
export function usePageTitle(instead?: string) {
  const matches = useMatches()
  let title: string | null = null
  for (const match of matches) title = titleOf(match.handle, match.params) ?? title
  const shown = instead ?? title
  useEffect(() => setPageTitle(shown), [shown])
}
