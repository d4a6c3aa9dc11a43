import { useQuery } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { ApiError, ResponseShapeError } from '@/api/errors'
import { shouldThrowToBoundary } from '@/api/query-client'
import { ErrorPanel } from '@/components/errors/error-panel'
import { parseEventId } from '../event-id'
import { paths } from '@/lib/paths'
import { EventNotFound } from '../event-not-found'
import { useEventQueries } from '../queries'
import { EventDetailView } from './event-detail-view'
import { UnreadableEventView } from './unreadable-event-view'
import styles from './event-detail.module.css'
import { Skeleton } from '@/components/ui/skeleton'

/** `/events/:eventId`: loads the event; an ID that is not a number or not known is not found. */
export function EventDetailPage({ eventId: param }: { eventId: string | undefined }) {
  const eventId = parseEventId(param)
  if (eventId === null) return <EventNotFound eventId={param} />
  return <EventDetailLoader key={eventId} param={param} eventId={eventId} />
}

function EventDetailLoader({ eventId, param }: { eventId: number; param: string | undefined }) {
  const queries = useEventQueries()
  const db = useDatabase()
  const navigate = useNavigate()
  const query = useQuery({
    ...queries.detail(db, eventId),
    // An event that fails the contract is this page's to show as far as it can be read.
    throwOnError: (error, q) =>
      !(error instanceof ResponseShapeError) &&
      shouldThrowToBoundary(error, q.state.data !== undefined),
  })
  const onDeleted = () => navigate(paths.events.list(), { replace: true })
  if (query.isPending) return <DetailSkeleton eventId={eventId} />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <EventNotFound eventId={param} />
    if (query.error instanceof ResponseShapeError)
      return <UnreadableEventLoader eventId={eventId} param={param} onDeleted={onDeleted} />
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
  }
  return <EventDetailView event={query.data} onDeleted={onDeleted} />
}

/** The event the contract rejected, read again leniently: what passes, and what does not. */
function UnreadableEventLoader({
  eventId,
  param,
  onDeleted,
}: {
  eventId: number
  param: string | undefined
  onDeleted: () => void
}) {
  const queries = useEventQueries()
  const db = useDatabase()
  const query = useQuery({ ...queries.readable(db, eventId), throwOnError: false })
  if (query.isPending) return <DetailSkeleton eventId={eventId} />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return <EventNotFound eventId={param} />
    return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
  }
  const read = query.data
  // Repaired since the first read: the whole event.
  if (read.complete) return <EventDetailView event={read.record} onDeleted={onDeleted} />
  return (
    <UnreadableEventView
      eventId={eventId}
      event={read.record}
      unreadable={read.unreadable}
      onDeleted={onDeleted}
    />
  )
}

function DetailSkeleton({ eventId }: { eventId: number }) {
  return (
    <div className={styles.page} aria-busy="true">
      <Skeleton className={styles.skeletonTitle} />
      <div className={styles.columns}>
        {[1, 2, 3, 4].map((n) => (
          <Skeleton key={n} className={styles.skeletonCard} />
        ))}
      </div>
      <span className="visually-hidden" role="status">
        Loading event {eventId}…
      </span>
    </div>
  )
}
