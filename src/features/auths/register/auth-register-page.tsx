import { useId, useMemo, useState, type ReactNode } from 'react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useApi, useDatabase } from '@/api/api-context'
import { dbKey } from '@/api/query-keys'
import {
  exportRegister,
  MET_WAYS,
  queryRegister,
  type RegisterClock,
  type RegisterFilter,
  type RegisterQuery,
  type RegisterRow,
  type RegisterSortField,
} from '@/api/register'
import { readAuth, updateAuth } from '@/api/auths'
import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { Problem } from '@/components/ui/problem'
import { SelectField } from '@/components/ui/select-field'
import { Table } from '@/components/ui/table'
import { TextField } from '@/components/ui/text-field'
import { useCurrentUser, useRuntimeConfig } from '@/lib/app-context'
import { downloadText } from '@/lib/download'
import { formatCount, formatDisplayDate } from '@/lib/format/format'
import { userCan } from '@/lib/permissions'
import { paths } from '@/lib/paths'
import { DecisionClockChip } from '../clock/decision-clock-chip'
import { useClockNow, useDecisionRules } from '../clock/use-decision-clock'
import { AuthStatusBadge } from '../detail/auth-status-badge'
import { decisionClock } from '../model/decision-clock'
import { CLOCK_WORDS, MET_WORDS, registerToCsv } from './register-csv'
import styles from './register.module.css'
import { useDirectory } from '@/lib/directory'
import { PeopleList } from '@/components/people/people-list'

const PAGE = 100

const CLOCK_CHOICES: { value: string; label: string; clock?: RegisterClock[] }[] = [
  { value: '', label: 'Any' },
  { value: 'open', label: 'Not decided', clock: ['overdue', 'soon', 'on-time', 'no-clock'] },
  { value: 'late', label: 'Overdue or due soon', clock: ['overdue', 'soon'] },
  { value: 'overdue', label: 'Overdue', clock: ['overdue'] },
  { value: 'soon', label: 'Due soon', clock: ['soon'] },
  { value: 'on-time', label: 'On time', clock: ['on-time'] },
  { value: 'no-clock', label: 'No clock', clock: ['no-clock'] },
  { value: 'decided', label: 'Decided', clock: ['decided'] },
]

const SORTS: { value: string; label: string; field: RegisterSortField; dir: 'asc' | 'desc' }[] = [
  { value: 'due', label: 'Due soonest first', field: 'due', dir: 'asc' },
  { value: 'received-new', label: 'Newest received', field: 'received', dir: 'desc' },
  { value: 'received-old', label: 'Oldest received', field: 'received', dir: 'asc' },
  { value: 'number', label: 'Auth number', field: 'number', dir: 'asc' },
  { value: 'status', label: 'Status', field: 'status', dir: 'asc' },
  { value: 'assignee', label: 'Assigned to', field: 'assignee', dir: 'asc' },
  { value: 'met', label: 'Newest known', field: 'met', dir: 'desc' },
]

interface FormState {
  clock: string
  urgent: string
  status: string
  assignee: string
  provider: string
  member: string
  number: string
  from: string
  to: string
  sort: string
}
const EMPTY: FormState = {
  clock: 'open',
  urgent: '',
  status: '',
  assignee: '',
  provider: '',
  member: '',
  number: '',
  from: '',
  to: '',
  sort: 'due',
}

/** A day input's value as the local midnight it starts (or the next day's, for an end). */
function dayMs(value: string, end: boolean): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return undefined
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (end ? 1 : 0)).getTime()
}

/** The register's filter from its form; `userId` turns a typed name into the person's ID. */
function filterOf(form: FormState, userId: (typed: string) => string): RegisterFilter {
  const text = (v: string) => v.trim() || undefined
  return {
    clock: CLOCK_CHOICES.find((c) => c.value === form.clock)?.clock,
    urgent: form.urgent === '' ? undefined : form.urgent === 'urgent',
    status: form.status ? [form.status] : undefined,
    assignee: form.assignee.trim() === '-' ? '' : text(userId(form.assignee)),
    provider: text(form.provider),
    member: text(form.member),
    number: text(form.number),
    receivedFrom: dayMs(form.from, false),
    receivedTo: dayMs(form.to, true),
  }
}

/**
 * The Auths register: every auth the console's server has met, as one list: filtered by its
 * decision clock, urgency, status, assignee, provider, member and receipt, the soonest due first,
 * with totals, CSV export and assigning many at once. It says plainly what it holds: the auths
 * the console has met, and since when.
 */
export function AuthRegisterPage() {
  const { consoleServer } = useRuntimeConfig()
  if (consoleServer === undefined)
    return (
      <div className={styles.page}>
        <PageHeader title="Auth register" />
        <p className={styles.muted}>
          The register is kept by the console’s server, and this console talks to the service
          directly: look an auth up by its number instead.
        </p>
      </div>
    )
  return <Register consoleServer={consoleServer} />
}

function Register({ consoleServer }: { consoleServer: string }) {
  const api = useApi()
  const db = useDatabase()
  const user = useCurrentUser()
  const queryClient = useQueryClient()
  const server = useMemo(() => api.at(consoleServer), [api, consoleServer])
  const rules = useDecisionRules()
  const { personName, userIdOf: userId } = useDirectory()
  const peopleList = useId()
  const now = useClockNow()
  const [form, setForm] = useState<FormState>(EMPTY)
  const [offset, setOffset] = useState(0)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [assignTo, setAssignTo] = useState('')
  const [working, setWorking] = useState<string | null>(null)
  const [assigning, setAssigning] = useState(false)
  const sort = SORTS.find((s) => s.value === form.sort) ?? SORTS[0]!
  const filter = filterOf(form, userId)
  const query: RegisterQuery = {
    filter,
    now: now.getTime(),
    sort: { field: sort.field, direction: sort.dir },
    offset,
    limit: PAGE,
  }
  const key = [...dbKey(db), 'auths', 'register', filter, sort.value, offset]
  const page = useQuery({
    queryKey: [...key, query.now],
    queryFn: ({ signal }) => queryRegister(server, query, { signal, database: db }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    // What was seen is asked again, not kept: it names members.
    gcTime: 0,
  })
  const data = page.data
  const rows = data?.rows ?? []
  const set = (name: keyof FormState) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }))
    setOffset(0)
    setSelected(new Set())
  }
  const canAssign = userCan(user, 'changeAuths')

  const exportCsv = async () => {
    setWorking('Exporting…')
    try {
      const all = await exportRegister(
        server,
        { filter, now: Date.now(), sort: query.sort },
        { database: db },
      )
      downloadText(`auth-register-${new Date().toISOString().slice(0, 10)}.csv`, registerToCsv(all))
      setWorking(`Exported ${formatCount(all.length)} auths.`)
    } catch {
      setWorking('The export failed; try again.')
    }
  }

  /**
   * Each chosen auth is read from the service again and sent back with only its assignee changed:
   * the register's copy may be minutes old, and sending it would undo what another user changed
   * since (a decision, a note). One already with that assignee is left alone; one the console
   * cannot read whole is not sent (that would overwrite what it cannot read).
   */
  const assign = async () => {
    if (assigning) return
    setAssigning(true)
    // Every auth chosen, on whichever page it was chosen.
    const chosen = [...selected].filter((n) => n !== '')
    const to = userId(assignTo) || null
    const tally = { done: 0, already: 0, failed: 0 }
    for (const number of chosen) {
      setWorking(`Assigning ${tally.done + tally.already + tally.failed + 1} of ${chosen.length}…`)
      try {
        const now = await readAuth(api, number, { database: db })
        if (!now.complete) tally.failed++
        else if ((now.record.assigned_User?.trim() || null)?.toLowerCase() === to?.toLowerCase())
          tally.already++
        else {
          await updateAuth(api, number, { ...now.record, assigned_User: to }, { database: db })
          tally.done++
        }
      } catch {
        tally.failed++
      }
    }
    setWorking(
      `${formatCount(tally.done)} of ${formatCount(chosen.length)} assigned to ${to ?? 'nobody'}` +
        (tally.already ? `; ${formatCount(tally.already)} already were` : '') +
        (tally.failed
          ? `; ${formatCount(tally.failed)} could not be changed (gone, unreadable, or refused).`
          : '.'),
    )
    setSelected(new Set())
    setAssigning(false)
    await queryClient.invalidateQueries({ queryKey: [...dbKey(db), 'auths', 'register'] })
  }

  const ways = data
    ? MET_WAYS.filter((w) => (data.metBy[w] ?? 0) > 0)
        .map((w) => `${formatCount(data.metBy[w]!)} ${MET_WORDS[w]}`)
        .join(', ')
    : ''
  const known = data ? Object.values(data.metBy).reduce((a, b) => a + b, 0) : 0
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.auth.auth_Number ?? ''))

  return (
    <div className={styles.page}>
      <PageHeader
        title="Auth register"
        description="Every auth the console has met, with its decision clock: the soonest due first."
      />
      <p className={styles.note} data-testid="register-scope">
        {data
          ? known === 0
            ? 'The register is empty: it holds the auths the console has met (looked up, written, named in an event or imported), and it has met none yet.'
            : `The register holds the ${formatCount(known)} auths the console has met since ${data.since ? formatDisplayDate(data.since) : 'it started'} (${ways}). The service keeps no list of auths: one the console never met is not here.`
          : 'Reading the register…'}
      </p>
      {/* The directory's people, offered by name wherever a person is typed here. */}
      <PeopleList id={peopleList} />
      <form
        className={styles.filters}
        aria-label="Filter the register"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label="Decision clock"
          value={form.clock}
          onChange={(e) => set('clock')(e.target.value)}
          options={CLOCK_CHOICES.map(({ value, label }) => ({ value, label }))}
        />
        <SelectField
          label="Urgency"
          value={form.urgent}
          onChange={(e) => set('urgent')(e.target.value)}
          options={[
            { value: '', label: 'Any' },
            { value: 'urgent', label: 'Urgent (expedited)' },
            { value: 'standard', label: 'Standard' },
          ]}
        />
        <SelectField
          label="Status"
          value={form.status}
          onChange={(e) => set('status')(e.target.value)}
          options={[
            { value: '', label: 'Any' },
            ...(data?.statuses ?? []).map((s) => ({ value: s, label: s })),
          ]}
        />
        <TextField
          label="Assigned to"
          hint="Name or user ID; - for nobody"
          list={peopleList}
          value={form.assignee}
          onChange={(e) => set('assignee')(e.target.value)}
          maxLength={64}
          autoComplete="off"
        />
        <TextField
          label="Provider"
          hint="An ID, or its start"
          value={form.provider}
          onChange={(e) => set('provider')(e.target.value)}
          maxLength={64}
          autoComplete="off"
        />
        <TextField
          label="Member (subscriber ID)"
          value={form.member}
          onChange={(e) => set('member')(e.target.value)}
          maxLength={64}
          autoComplete="off"
        />
        <TextField
          label="Auth number"
          value={form.number}
          onChange={(e) => set('number')(e.target.value)}
          maxLength={64}
          autoComplete="off"
        />
        <TextField
          label="Received from"
          type="date"
          value={form.from}
          onChange={(e) => set('from')(e.target.value)}
        />
        <TextField
          label="Received to"
          type="date"
          value={form.to}
          onChange={(e) => set('to')(e.target.value)}
        />
        <SelectField
          label="Sort"
          value={form.sort}
          onChange={(e) => set('sort')(e.target.value)}
          options={SORTS.map(({ value, label }) => ({ value, label }))}
        />
        <div className={styles.buttons}>
          <Button
            type="button"
            onClick={() => {
              setForm(EMPTY)
              setOffset(0)
              setSelected(new Set())
            }}
          >
            Clear filters
          </Button>
          <Button type="button" onClick={() => void exportCsv()} disabled={!data?.total}>
            Export CSV
          </Button>
        </div>
      </form>
      {page.isError && !data ? (
        <Problem
          title="The register could not be read"
          cause="load"
          heading
          actions={<Button onClick={() => void page.refetch()}>Try again</Button>}
        >
          {page.error.message}
        </Problem>
      ) : (
        <>
          <div className={styles.summary}>
            <p role="status" className={styles.total}>
              {data
                ? data.total === 0
                  ? 'No auth matches.'
                  : `${formatCount(offset + 1)}–${formatCount(offset + rows.length)} of ${formatCount(data.total)} auths`
                : ''}
            </p>
            {canAssign && selected.size > 0 && (
              <div className={styles.bulk} role="group" aria-label="Assign the chosen auths">
                <TextField
                  label={`Assign ${selected.size} to`}
                  hint="Name or user ID; empty for nobody"
                  list={peopleList}
                  value={assignTo}
                  onChange={(e) => setAssignTo(e.target.value)}
                  maxLength={64}
                  autoComplete="off"
                />
                <Button
                  type="button"
                  variant="primary"
                  onClick={() => void assign()}
                  disabled={assigning}
                >
                  Assign
                </Button>
              </div>
            )}
          </div>
          {data && data.unreadable > 0 && (
            <p className={styles.muted}>
              {formatCount(data.unreadable)} {data.unreadable === 1 ? 'auth' : 'auths'} on this page
              could not be read (the service holds {data.unreadable === 1 ? 'it' : 'them'} in a
              shape the console does not know) and {data.unreadable === 1 ? 'is' : 'are'} not shown.
            </p>
          )}
          {working && (
            <p className={styles.muted} aria-live="polite">
              {working}
            </p>
          )}
          {rows.length > 0 && (
            <Table caption="Auths in the register" captionHidden aria-busy={page.isFetching}>
              <thead>
                <tr>
                  {canAssign && (
                    <th scope="col" className={styles.pick}>
                      <input
                        type="checkbox"
                        aria-label="Choose every auth on this page"
                        checked={allOnPage}
                        onChange={() =>
                          setSelected(
                            allOnPage
                              ? new Set()
                              : new Set(rows.map((r) => r.auth.auth_Number ?? '')),
                          )
                        }
                      />
                    </th>
                  )}
                  <th scope="col">Auth</th>
                  <th scope="col">Decision due</th>
                  <th scope="col">Status</th>
                  <th scope="col">Assigned to</th>
                  <th scope="col">Member</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Received</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <RegisterLine
                    key={row.auth.auth_Number}
                    row={row}
                    clockText={clockWord(row, rules, now)}
                    chip={<DecisionClockChip clock={decisionClock(row.auth, rules, now)} />}
                    assignee={row.auth.assigned_User ? personName(row.auth.assigned_User) : null}
                    pick={
                      canAssign
                        ? {
                            on: selected.has(row.auth.auth_Number ?? ''),
                            toggle: () =>
                              setSelected((s) => {
                                const next = new Set(s)
                                const n = row.auth.auth_Number ?? ''
                                if (next.has(n)) next.delete(n)
                                else next.add(n)
                                return next
                              }),
                          }
                        : null
                    }
                  />
                ))}
              </tbody>
            </Table>
          )}
          {data && data.total > PAGE && (
            <nav className={styles.pager} aria-label="Pages of the register">
              <Button
                type="button"
                disabled={offset === 0}
                onClick={() => setOffset((o) => Math.max(0, o - PAGE))}
              >
                Previous page
              </Button>
              <Button
                type="button"
                disabled={offset + PAGE >= data.total}
                onClick={() => setOffset((o) => o + PAGE)}
              >
                Next page
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  )
}

function clockWord(row: RegisterRow, rules: ReturnType<typeof useDecisionRules>, now: Date) {
  const clock = decisionClock(row.auth, rules, now)
  return clock.kind === 'running' ? CLOCK_WORDS[clock.state]! : CLOCK_WORDS[clock.kind]!
}

function RegisterLine({
  row,
  clockText,
  chip,
  assignee,
  pick,
}: {
  row: RegisterRow
  clockText: string
  chip: ReactNode
  /** Who it is assigned to, by name; null for nobody. */
  assignee: string | null
  pick: { on: boolean; toggle: () => void } | null
}) {
  const a = row.auth
  const number = a.auth_Number ?? ''
  return (
    <tr data-clock={clockText}>
      {pick && (
        <td className={styles.pick}>
          <input
            type="checkbox"
            aria-label={`Choose auth ${number}`}
            checked={pick.on}
            onChange={pick.toggle}
          />
        </td>
      )}
      <th scope="row" className={styles.number}>
        <Link to={paths.auths.detail(number)}>{number}</Link>
        {row.gone && <span className={styles.muted}> (no longer on the service)</span>}
        {/* How the console came to know it: under its number, the column the table can spare. */}
        <span className={styles.metBy}>{MET_WORDS[row.metBy] ?? row.metBy}</span>
      </th>
      <td>
        {chip ?? null}
        {clockText === 'Decided' || clockText === 'No clock' ? (
          <span className={styles.muted}>{clockText}</span>
        ) : null}
        {/* Urgency sets the clock (hours, not days): said beside it. */}
        {a.urgent && <span className={styles.urgent}>Urgent</span>}
      </td>
      <td>
        <AuthStatusBadge auth={a} />
      </td>
      <td>{assignee ?? <span className={styles.muted}>Nobody</span>}</td>
      <td className={styles.number}>{[a.subscriber_ID, a.member_Seq].filter(Boolean).join('-')}</td>
      <td className={styles.number}>{a.provider_ID ?? ''}</td>
      <td className={styles.number}>{formatDisplayDate(a.received_Date)}</td>
    </tr>
  )
}
