import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import type { TitleHandle } from '../page-title'

export const handle: TitleHandle = { title: 'Page not found' }

export function Component() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link to={paths.home()}>Go to the start page</Link>
    </section>
  )
}
