import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import { routerBasename } from '@/lib/app-base'

let base: string | undefined

/** The link's address as the browser sees it: the path below the console's base. */
function hrefOf(to: string): string {
  base ??= routerBasename()
  return base === '/' ? to : base + to
}

/** A click the page should take over: the main button, no key held, this tab. */
const plainClick = (e: MouseEvent<HTMLAnchorElement>) =>
  e.button === 0 &&
  !e.metaKey &&
  !e.altKey &&
  !e.ctrlKey &&
  !e.shiftKey &&
  (!e.currentTarget.target || e.currentTarget.target === '_self')

/**
 * A link to a page of the console (`to`: an absolute path, as `paths` builds them) for the many
 * links of a list: unlike React Router's `Link`, it does not follow the address, so a list's
 * rows are not all drawn again on every navigation (each filter change is one). A plain click
 * goes there through the router; a modified or middle click is the browser's (a new tab).
 */
export function RowLink({
  to,
  onClick,
  children,
  ...props
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const navigate = useNavigate()
  return (
    <a
      {...props}
      href={hrefOf(to)}
      onClick={(e) => {
        onClick?.(e)
        if (e.defaultPrevented || !plainClick(e)) return
        e.preventDefault()
        void navigate(to)
      }}
    >
      {children}
    </a>
  )
}
