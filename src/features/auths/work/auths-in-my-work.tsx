import { useMemo, useState } from 'react'
import { useQueries } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useDatabase } from '@/api/api-context'
import { ApiError } from '@/api/errors'
import { SelectField } from '@/components/ui/select-field'
import { Table } from '@/components/ui/table'
import { TextField } from '@/components/ui/text-field'
import { paths } from '@/lib/paths'
import { DecisionClockChip } from '../clock/decision-clock-chip'
import { useClockNow, useDecisionRules } from '../clock/use-decision-clock'
import { AuthStatusBadge } from '../detail/auth-status-badge'
import { searchTextOf, type KnownAuth } from '../known-auths'
import { byDecisionDue, decisionClock, type DecisionClock } from '../model/decision-clock'
import { useAuthQueries } from '../queries'
import { useRecentLookups } from '../recent-lookups'
import styles from './work.module.css'

/** An event that names an auth, as the events feature gives it. */
export interface MentioningEvent {
  eventId: number
  title: string
}

/** The auth numbers open events name (from the event index), given by the page composing this. */
export interface WorkMentions {
  /** The index has answered (it may still be reading events). */
  ready: boolean
  /** Events read so far, while the index loads. */
  loading: number | null
  /** Why no mentions can be given (the index is too large, or failed). */
  unavailable: string | null
  byAuth: ReadonlyMap<string, readonly MentioningEvent[]>
}

interface AuthsInMyWorkProps {
  mentions: WorkMentions
  /** Whether the mentions are of all open events, or the user's own. */
  everyone: boolean
  onEveryone: (everyone: boolean) => void
}

/** Most auths the list reads from the service. */
export const MAX_WORK_AUTHS = 150

const full = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ')

interface Row {
  authNumber: string
  known: KnownAuth
  clock: DecisionClock
  events: readonly MentioningEvent[]
  recent: boolean
}

/**
 * Auths in my work: the auths open events name plus those the user opened recently, each read
 * from the service in the background (`GET /auths-vba/{n}`: the auth with its names) and shown
 * with its decision clock, the soonest due first. The service offers no list of all auths, so
 * this is the auths the console knows of, and it says so. Kept in memory only.
 */
export function AuthsInMyWork({ mentions, everyone, onEveryone }: AuthsInMyWorkProps) {
  const db = useDatabase()
  const queries = useAuthQueries()
  const rules = useDecisionRules()
  const now = useClockNow()
  const { numbers: recent } = useRecentLookups()
  const [text, setText] = useState('')

  const all = useMemo(
    () => [...new Set([...recent, ...mentions.byAuth.keys()])],
    [recent, mentions.byAuth],
  )
  const numbers = all.slice(0, MAX_WORK_AUTHS)
  const answers = useQueries({
    queries: numbers.map((n) => ({
      ...queries.vba(db, n),
      staleTime: 60_000,
      retry: false,
      throwOnError: false,
    })),
  })

  const rows: Row[] = []
  const missing: string[] = []
  let pending = 0
  let failed = 0
  answers.forEach((answer, i) => {
    const authNumber = numbers[i]!
    if (answer.isPending) pending++
    else if (answer.isError) {
      if (answer.error instanceof ApiError && answer.error.status === 404) missing.push(authNumber)
      else failed++
    } else if (answer.data.authDetail) {
      const auth = answer.data.authDetail
      rows.push({
        authNumber,
        known: { auth, vba: answer.data },
        clock: decisionClock(auth, rules, now),
        events: mentions.byAuth.get(authNumber) ?? [],
        recent: recent.includes(authNumber),
      })
    } else failed++
  })
  rows.sort((a, b) => byDecisionDue(a.clock, b.clock) || a.authNumber.localeCompare(b.authNumber))
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const shown = words.length
    ? rows.filter((r) => words.every((w) => searchTextOf(r.known).includes(w)))
    : rows
  const whose = everyone ? 'open events' : 'your open events'

  return (
    <section className={styles.card} aria-labelledby="work-heading">
      <h2 id="work-heading" className={styles.title}>
        Auths in my work
      </h2>
      <p className={styles.muted}>
        Auths the console knows of: the service offers no list of all auths, so these are the auths{' '}
        {whose} mention and those you opened recently, read from the service in the background with
        their decision clocks, the soonest due first.
      </p>
      <div className={styles.controls}>
        <SelectField
          label="Mentioned by"
          value={everyone ? 'all' : 'mine'}
          onChange={(e) => onEveryone(e.target.value === 'all')}
          options={[
            { value: 'mine', label: 'Your open events' },
            { value: 'all', label: 'All open events' },
          ]}
        />
        <TextField
          label="Find among these"
          hint="Member, provider, status or number"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <p className={styles.muted} aria-live="polite">
        {mentions.unavailable ??
          (mentions.loading !== null
            ? `Reading events (${mentions.loading.toLocaleString()} read)… `
            : '')}
        {pending > 0 && `Reading ${pending} of ${numbers.length} auths… `}
        {all.length > numbers.length &&
          `${all.length} auths are named; the first ${numbers.length} are read. `}
        {failed > 0 && `${failed} could not be read. `}
      </p>
      {shown.length > 0 ? (
        <Table caption="Auths in my work, the soonest due first" captionHidden>
          <thead>
            <tr>
              <th scope="col">Auth</th>
              <th scope="col">Decision due</th>
              <th scope="col">Status</th>
              <th scope="col">Member</th>
              <th scope="col">Service</th>
              <th scope="col">Why listed</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <WorkRow key={row.authNumber} row={row} />
            ))}
          </tbody>
        </Table>
      ) : (
        pending === 0 && (
          <p className={styles.muted}>
            {words.length
              ? `None of these matches “${text.trim()}”.`
              : `No auth yet: open one, or name one (26-000123) in an open event.`}
          </p>
        )
      )}
      {missing.length > 0 && (
        <p className={styles.muted}>
          {missing.length} number{missing.length === 1 ? '' : 's'} named in events{' '}
          {missing.length === 1 ? 'is' : 'are'} no auth in the {db} database:{' '}
          {missing.slice(0, 5).join(', ')}
          {missing.length > 5 ? ` and ${missing.length - 5} more` : ''}.
        </p>
      )}
    </section>
  )
}

function WorkRow({ row }: { row: Row }) {
  const { auth, vba } = row.known
  const member = full(vba?.member_First_Name, vba?.member_Last_Name) || auth.subscriber_ID
  return (
    <tr>
      <th scope="row" className={styles.number}>
        <Link to={paths.auths.detail(row.authNumber)}>{row.authNumber}</Link>
      </th>
      <td>
        {row.clock.kind === 'running' ? (
          <DecisionClockChip clock={row.clock} />
        ) : (
          <span className={styles.muted}>
            {row.clock.kind === 'decided' ? 'Decided' : 'No clock'}
          </span>
        )}
      </td>
      <td>
        <AuthStatusBadge auth={auth} />
      </td>
      <td>{member ?? '—'}</td>
      <td>{[auth.service_Type, auth.service_Code].filter(Boolean).join(' ') || '—'}</td>
      <td>
        {row.events.slice(0, 2).map((e, i) => (
          <span key={e.eventId}>
            {i > 0 && ', '}
            <Link to={paths.events.detail(e.eventId)}>{e.title}</Link>
          </span>
        ))}
        {row.events.length > 2 && ` and ${row.events.length - 2} more`}
        {row.recent && (
          <span className={styles.muted}>{row.events.length > 0 ? ' · ' : ''}opened recently</span>
        )}
      </td>
    </tr>
  )
}
