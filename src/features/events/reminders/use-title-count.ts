import { useEffect } from 'react'
import { setTitleCount } from '@/lib/document-title'

/** Shows a count before the page title, e.g. "(3) Events — Benefits Admin Console"; none at zero. */
export function useTitleCount(count: number) {
  useEffect(() => {
    setTitleCount(count)
    return () => setTitleCount(0)
  }, [count])
}
