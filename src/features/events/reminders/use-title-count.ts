import { useEffect } from 'react'

const PREFIX = /^\(\d+\+?\)\s*/

/** Shows a count before the page title, e.g. "(3) Benefits Admin Console"; none at zero. */
export function useTitleCount(count: number) {
  useEffect(() => {
    const base = document.title.replace(PREFIX, '')
    document.title = count > 0 ? `(${count > 99 ? '99+' : count}) ${base}` : base
    return () => {
      document.title = document.title.replace(PREFIX, '')
    }
  }, [count])
}
