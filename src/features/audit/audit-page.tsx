import { useMemo, useState, type FormEvent } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link, useLocation, useSearchParams } from 'react-router'
import { searchAudit, verifyAudit, type AuditEntry, type AuditSearch } from '@/api/audit'
import { useApi, useDatabase } from '@/api/api-context'
import { dbKey } from '@/api/query-keys'
import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { Problem } from '@/components/ui/problem'
import { SelectField } from '@/components/ui/select-field'
import { Table } from '@/components/ui/table'
import { TextField } from '@/components/ui/text-field'
import { useRuntimeConfig } from '@/lib/app-context'
import { downloadText } from '@/lib/download'
import { paths } from '@/lib/paths'
import { formatCount, formatDayAndClock } from '@/lib/format/format'
import { actionWords, auditToCsv, changeLines, claimedUser } from './audit-csv'
import { useDirectory } from '@/lib/directory'
import styles from './audit-page.module.css'

/** Entries asked for at a time. */
const PAGE = 100

/** The search of the form: blank fields left out; days read as the user's local days. */
function searchOf(form: FormData): AuditSearch {
  const text = (name: string) => String(form.get(name) ?? '').trim() || undefined
  const day = (name: string, end: boolean) => {
    const value = text(name)
    if (!value) return undefined
    const [y, m, d] = value.split('-').map(Number)
    return new Date(y!, m! - 1, d! + (end ? 1 : 0)).toISOString()
  }
  return {
    user: text('user'),
    recordType: text('recordType') as AuditSearch['recordType'],
    recordId: text('recordId'),
    member: text('member'),
    operation: text('operation'),
    action: text('action') as AuditSearch['action'],
    from: day('from', false),
    to: day('to', true),
  }
}

const recordPath = (e: AuditEntry) =>
  e.recordId === null
    ? null
    : e.recordType === 'event' && /^\d+$/.test(e.recordId)
      ? paths.events.detail(Number(e.recordId))
      : e.recordType === 'auth'
        ? paths.auths.detail(e.recordId)
        : null

/**
 * The Audit page: the console server's record of who viewed or changed which record, searched by
 * person, record, member, operation, kind and days, newest first; exported as CSV; and whether
 * the record's hash chain is whole. A record's page links here with its type and ID in the
 * address (never a member's ID: that is typed, and sent in a request's body).
 */
export function AuditPage() {
  const { consoleServer } = useRuntimeConfig()
  // A link to another record's trail starts the page afresh.
  const { search } = useLocation()
  if (consoleServer === undefined)
    return (
      <div className={styles.page}>
        <PageHeader title="Audit" />
        <p className={styles.empty}>
          The audit record is kept by the console’s server, and this console talks to the service
          directly: there is no record to show.
        </p>
      </div>
    )
  return <AuditRecord key={search} consoleServer={consoleServer} />
}

function AuditRecord({ consoleServer }: { consoleServer: string }) {
  const api = useApi()
  const db = useDatabase()
  const server = useMemo(() => api.at(consoleServer), [api, consoleServer])
  const [params] = useSearchParams()
  const linked: AuditSearch = {
    recordType: (['event', 'auth'] as const).find((t) => t === params.get('recordType')),
    recordId: params.get('recordId') ?? undefined,
  }
  const [search, setSearch] = useState<AuditSearch>(linked)

  const entries = useInfiniteQuery({
    queryKey: [...dbKey(db), 'audit', 'search', search],
    queryFn: ({ pageParam, signal }) =>
      searchAudit(server, search, { before: pageParam, limit: PAGE }, { signal, database: db }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // What was seen is asked again, not kept: it names members.
    gcTime: 0,
  })
  const chain = useQuery({
    queryKey: [...dbKey(db), 'audit', 'chain'],
    queryFn: ({ signal }) => verifyAudit(server, { signal, database: db }),
    gcTime: 0,
  })
  const rows = entries.data?.pages.flatMap((p) => p.entries) ?? []

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setSearch(searchOf(new FormData(event.currentTarget)))
  }
  const exportCsv = () => {
    const day = new Date().toISOString().slice(0, 10)
    downloadText(`audit-${day}.csv`, auditToCsv(rows))
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Audit"
        description="Who viewed or changed which record, when, and from which session: the console server’s append-only record."
      />
      <ChainStatus chain={chain} />
      <form className={styles.filters} onSubmit={submit} aria-label="Search the audit record">
        <TextField label="Person" name="user" hint="User ID or part of a name" maxLength={200} />
        <SelectField
          label="Record"
          name="recordType"
          defaultValue={linked.recordType ?? ''}
          options={[
            { value: '', label: 'Any' },
            { value: 'event', label: 'Event' },
            { value: 'auth', label: 'Auth' },
          ]}
        />
        <TextField
          label="Record ID"
          name="recordId"
          defaultValue={linked.recordId ?? ''}
          maxLength={100}
        />
        <TextField label="Member (subscriber ID)" name="member" maxLength={64} autoComplete="off" />
        <TextField label="Operation" name="operation" hint="e.g. POST /kick" maxLength={200} />
        <SelectField
          label="Kind"
          name="action"
          options={[
            { value: '', label: 'Any' },
            { value: 'read', label: 'Viewed' },
            { value: 'write', label: 'Changed' },
            { value: 'session', label: 'Sessions' },
          ]}
        />
        <TextField label="From" name="from" type="date" />
        <TextField label="To" name="to" type="date" />
        <div className={styles.buttons}>
          <Button type="submit" variant="primary">
            Find entries
          </Button>
        </div>
      </form>

      {entries.isError ? (
        <Problem title="The audit record could not be searched" cause="load" heading>
          {(entries.error as Error).message}
        </Problem>
      ) : (
        <>
          <div className={styles.summary}>
            <p role="status" className={styles.muted}>
              {entries.isPending
                ? 'Searching…'
                : `${formatCount(rows.length)} ${rows.length === 1 ? 'entry' : 'entries'}${entries.hasNextPage ? ' shown, more older' : ''}`}
            </p>
            <Button onClick={exportCsv} disabled={rows.length === 0}>
              Export CSV
            </Button>
          </div>
          {!entries.isPending && rows.length === 0 ? (
            <p className={styles.empty}>No entries match this search.</p>
          ) : (
            <AuditTable rows={rows} />
          )}
          {entries.hasNextPage && (
            <Button
              onClick={() => void entries.fetchNextPage()}
              disabled={entries.isFetchingNextPage}
            >
              {entries.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
            </Button>
          )}
        </>
      )}
    </div>
  )
}

function ChainStatus({
  chain,
}: {
  chain: ReturnType<typeof useQuery<Awaited<ReturnType<typeof verifyAudit>>>>
}) {
  if (chain.isPending) return <p className={styles.chain}>Checking the record’s chain…</p>
  if (chain.isError)
    return (
      <p className={styles.chain} role="status">
        The chain could not be checked: {(chain.error as Error).message}
      </p>
    )
  const report = chain.data
  if (!report.whole)
    return (
      <p className={`${styles.chain} ${styles.broken}`} role="alert">
        <strong>The audit chain is broken at entry {report.break!.id}.</strong>{' '}
        {report.break!.message}
      </p>
    )
  return (
    <p className={`${styles.chain} ${styles.whole}`}>
      <strong>The audit chain is whole:</strong> {formatCount(report.entries)}{' '}
      {report.entries === 1 ? 'entry' : 'entries'} checked, none changed or removed.{' '}
      <span className={styles.muted}>
        Head <code>{report.head.slice(0, 16)}</code>
      </span>{' '}
      <Button size="small" variant="ghost" onClick={() => void chain.refetch()}>
        Check again
      </Button>
    </p>
  )
}

function AuditTable({ rows }: { rows: AuditEntry[] }) {
  const { personName } = useDirectory()
  return (
    <Table caption="Audit entries, newest first" captionHidden>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Did</th>
          <th scope="col">Record</th>
          <th scope="col">Changes</th>
          <th scope="col">Operation</th>
          <th scope="col">Entry</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((e) => {
          const path = recordPath(e)
          const lines = changeLines(e)
          return (
            <tr key={e.id}>
              <td className={styles.nowrap}>
                <time dateTime={e.at}>{formatDayAndClock(new Date(e.at))}</time>
              </td>
              <td>
                {e.userName ?? (e.userId ? personName(e.userId) : claimedUser(e) ? '' : 'Unknown')}
                {e.userId && <span className={styles.muted}> ({e.userId})</span>}
                {!e.userId && claimedUser(e) && (
                  <span className={styles.muted}>Claimed {claimedUser(e)}, not verified</span>
                )}
              </td>
              <td>{actionWords(e)}</td>
              <td className={styles.nowrap}>
                {path ? (
                  <Link to={path}>
                    {e.recordType === 'auth' ? 'Auth' : 'Event'} {e.recordId}
                  </Link>
                ) : (
                  <span className={styles.muted}>{e.recordId ?? '—'}</span>
                )}
              </td>
              <td>
                {lines.length > 0 ? (
                  <ul className={styles.changes}>
                    {lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : (
                  <span className={styles.muted}>—</span>
                )}
              </td>
              <td>
                <code>{e.operation}</code>
                {e.status !== null && <span className={styles.muted}> {e.status}</span>}
              </td>
              <td className={styles.muted}>{e.id}</td>
            </tr>
          )
        })}
      </tbody>
    </Table>
  )
}
