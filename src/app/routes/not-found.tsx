import { Link } from 'react-router'
import { paths } from '@/lib/paths'

export function Component() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link to={paths.home()}>Go to the start page</Link>
    </section>
  )
}
