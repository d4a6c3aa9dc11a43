/**
 * A `timestamptz` column as an ISO 8601 instant in UTC (`2026-11-27T10:00:00Z`, with milliseconds
 * when `ms`): how every route of the server writes a time, whatever the session's time zone.
 */
export const utcIso = (column: string, { ms = false } = {}) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS${ms ? '.MS' : ''}"Z"')`
