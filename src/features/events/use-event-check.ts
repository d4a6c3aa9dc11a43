import { useDatabase } from '@/api/api-context'
import { useRecordCheck, type RecordCheck } from '@/api/use-record-check'
import { useEventQueries } from './queries'

/**
 * Whether an event ID typed in search exists, asked of the service once the typing settles
 * (`useRecordCheck`): an ID nobody has is not offered as "Open event". Null for no ID.
 */
export function useEventCheck(eventId: number | null, settleMs = 250): RecordCheck | null {
  const queries = useEventQueries()
  const db = useDatabase()
  return useRecordCheck(eventId, queries.detail(db, eventId ?? 0), settleMs)
}
