import { createContext, useContext, type ReactNode } from 'react'

/**
 * The app's paths to the event pages. Features do not import the app, so the route modules (and
 * the layout, for the reminders bell) hand these in (`paths.events`) and components read them here.
 */
export interface EventLinks {
  list: () => string
  mine: (userId?: string) => string
  create: () => string
  detail: (eventId: number) => string
  edit: (eventId: number) => string
}

const EventLinksContext = createContext<EventLinks | null>(null)

export function EventLinksProvider({
  links,
  children,
}: {
  links: EventLinks
  children: ReactNode
}) {
  return <EventLinksContext value={links}>{children}</EventLinksContext>
}

export function useEventLinks(): EventLinks {
  const links = useContext(EventLinksContext)
  if (!links) throw new Error('useEventLinks() needs an <EventLinksProvider> above it.')
  return links
}
