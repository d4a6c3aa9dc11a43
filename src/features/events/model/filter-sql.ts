import { localInstant, parseServiceDate, type ServiceDateReading } from '../../../api/dates'
import { statusKey, type EventFacts } from './facts'
import { dueWindow, searchQuery, type EventFilter } from './filter'
import type { PlaceBy } from './placement'

/*
 * `EventFilter` as SQL over the console server's mirror (`mirror_events`, server/db/), so the
 * server finds work with the very meaning `compileFilter` gives a filter in the browser. The
 * windows come from `dueWindow`, the words from `searchQuery`, the completed status from
 * `statusKey`; the facts' rules (facts.ts) are each written once below, as SQL. The service's
 * dates are parsed as the console parses them when a record is written, and stored as instants
 * in the local zone (`DATE_INSTANT_COLUMNS`, `makeInstantsHere` in server/db/filter-migration.ts),
 * so "today", a week and the clock changes fall on the same instants. The local zone is this
 * process's: `dueWindow` counts days in it too.
 */

/** A WHERE fragment over `mirror_events` and its parameters (`$n` numbered from `firstParam`). */
export interface SqlFilter {
  where: string
  params: unknown[]
  /**
   * True when the condition compares with now itself (overdue, snoozed, a reminder due), so its
   * answer is another at the next instant: not one worth keeping for the next question.
   */
  movesWithNow?: boolean
}

/**
 * Every field of `EventFilter`, each decided below: a field added to the filter fails the type
 * check here until the SQL decides it too, and a field this list does not know (from JSON) is
 * refused rather than ignored.
 */
const FIELDS_IN_SQL: Record<keyof EventFilter, true> = {
  status: true,
  priority: true,
  type: true,
  user: true,
  group: true,
  not: true,
  unassigned: true,
  inGroups: true,
  enteredBy: true,
  updatedSince: true,
  due: true,
  reminderDue: true,
  completed: true,
  text: true,
  placed: true,
  mentionsAuth: true,
}

/** The most different words a search sent to the server may have (each is one condition). */
export const SEARCH_MAX_WORDS = 64

export class FilterNotInSql extends Error {
  constructor(
    readonly fields: readonly string[],
    message = `The server cannot filter by ${fields.join(', ')}.`,
  ) {
    super(message)
    this.name = 'FilterNotInSql'
  }
}

/**
 * The name of each date the filter reads in the mirror's columns: `<name>_instant` (what the
 * filter compares), `<name>_wall` and `<name>_zoned` (the reading stored, the calendar's wide net).
 */
export const DATE_COLUMNS = {
  due_Date: 'due',
  next_Scheduled_Date: 'next',
  update_Date: 'updated',
  start_Date: 'start',
  end_Date: 'end',
} as const
export type DateField = keyof typeof DATE_COLUMNS

/**
 * The mirror's column holding each date as an instant in milliseconds, null without one
 * (`<name>_instant`): `parseServiceDate`'s instant, made by the model when a record is stored, in
 * the server's zone (TZ), and made again if the server starts in another (server/db/).
 */
export const DATE_INSTANT_COLUMNS = Object.fromEntries(
  Object.entries(DATE_COLUMNS).map(([field, column]) => [field, `${column}_instant`]),
) as Record<DateField, string>

/** A date of the event as an instant in milliseconds (SQL), null without one. */
export function dateSql(field: DateField) {
  return DATE_INSTANT_COLUMNS[field]
}

/** A date's instant as `parseServiceDate` makes it, from the reading the mirror stores. */
export const instantOfReading = (reading: ServiceDateReading | null) =>
  reading === null ? null : reading.zoned ? reading.wallMs : localInstant(reading.wallMs)

/** The IANA name of the zone this process reads local dates in (what `dueWindow` uses). */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * `isCompleted` as SQL: a completion date (`completion_set`), or the status as `statusKey` read
 * it (`status_key`) equal to `key`, the completed status's key.
 */
export const completedSql = (key: string) => `(completion_set OR status_key = ${key})`

/**
 * What `factsOfRow` reads of a `mirror_events` row: each date's instant (`DATE_INSTANT_COLUMNS`),
 * the reminder switch, and the completed rule with `key` (SQL, a placeholder as a rule); each a
 * name, its SQL, and whether it is a yes/no. The calendar reads these instead of each record.
 */
function factColumns(key: string): [name: string, sql: string, yesNo: boolean][] {
  return [
    ...Object.values(DATE_INSTANT_COLUMNS).map((c): [string, string, boolean] => [c, c, false]),
    ['reminder_on', 'reminder_on', true],
    ['completed', completedSql(key), true],
  ]
}
const FACT_COLUMNS = factColumns('')

/** The columns `factsOfRow` reads, as a SELECT list. */
export const factColumnsSql = (key: string) =>
  factColumns(key)
    .map(([name, sql]) => (name === sql ? name : `${sql} AS ${name}`))
    .join(', ')

/**
 * The same columns as one text (`factColumnsOfText` reads it): numbers, yes/no as 1 and 0, no
 * value as nothing, between commas. Thousands of rows are far quicker to receive from the
 * embedded Postgres as one text than as rows of columns.
 */
export const factColumnsTextSql = (key: string) =>
  `concat_ws(',', ${factColumns(key)
    .map(([, sql, yesNo]) =>
      yesNo ? `CASE WHEN ${sql} THEN '1' ELSE '0' END` : `coalesce((${sql})::text, '')`,
    )
    .join(', ')})`

/** A row of `factColumnsSql` (numbers may come as text or bigint, as the driver reads int8). */
export type FactColumns = Record<string, unknown>

/** The row `factColumnsTextSql` wrote as text, given as its values (the text split at commas). */
export function factColumnsOfText(values: readonly string[]): FactColumns {
  const row: FactColumns = {}
  FACT_COLUMNS.forEach(([name, , yesNo], i) => {
    const value = values[i] ?? ''
    row[name] = yesNo ? value === '1' : value === '' ? null : value
  })
  return row
}

/**
 * Each date's two columns, `<name>_wall` and `<name>_zoned`, named once (the mirror writes them
 * and the calendar reads them for hundreds of thousands of rows).
 */
export const DATE_COLUMN_KEYS = Object.fromEntries(
  Object.entries(DATE_COLUMNS).map(([field, column]) => [
    field,
    [`${column}_wall`, `${column}_zoned`] as const,
  ]),
) as Record<DateField, readonly [wall: string, zoned: string]>

/** One date of a row of `factColumnsSql`: its stored instant. */
function dateOfRow(row: FactColumns, field: DateField): number | null {
  const at = row[DATE_INSTANT_COLUMNS[field]]
  return at === null || at === undefined ? null : Number(at)
}

/** `factsOf` of an event from its row of `factColumnsSql`. */
export function factsOfRow(row: FactColumns): EventFacts {
  return {
    due: dateOfRow(row, 'due_Date'),
    next: dateOfRow(row, 'next_Scheduled_Date'),
    reminder: row.reminder_on === true,
    start: dateOfRow(row, 'start_Date'),
    end: dateOfRow(row, 'end_Date'),
    updated: dateOfRow(row, 'update_Date'),
    completed: row.completed === true,
  }
}

/** A day in milliseconds: a day's length on the wall clock. */
const DAY_MS = 86_400_000

type Placed = NonNullable<EventFilter['placed']>

/**
 * A wider net than `placed`, on the stored wall-clock readings alone (plain columns, no instants
 * made): every event `placed` takes, and a few near it. A reading is within a day of its instant
 * (no zone is 14 hours from UTC), a span's local midnights within 25 hours of its ends; three
 * days leave room. `at` adds a parameter (milliseconds) and answers its placeholder.
 */
function placedNear(placed: Placed, at: (ms: number) => string): string {
  const [from, to] = [placed.from, placed.to].map((text) => parseServiceDate(text)?.getTime())
  if (from === undefined || to === undefined) return 'false'
  const after = (column: string) => `${column} > ${at(from - 3 * DAY_MS)}`
  const before = (column: string) => `${column} < ${at(to + 3 * DAY_MS)}`
  if (placed.by === 'reminder')
    return `coalesce(${after('next_wall')} AND ${before('next_wall')}, false)`
  return (
    `coalesce(CASE WHEN due_wall IS NOT NULL THEN ${after('due_wall')} AND ${before('due_wall')} ` +
    `ELSE ${before('start_wall')} AND ${after('greatest(start_wall, end_wall)')} END, false)`
  )
}

/**
 * `placedNear` as a condition of its own, parameters numbered from `firstParam`: for a reader
 * that places each event itself (the calendar's `dayDigest` applies `placementOf` to every
 * event it is given), so SQL need not make the instants the exact rule reads.
 */
export function placedNearSql(placed: Placed, firstParam = 1): SqlFilter {
  const params: unknown[] = []
  const at = (ms: number) => {
    params.push(ms)
    return `$${firstParam + params.length - 1}::bigint`
  }
  return { where: placedNear(placed, at), params }
}

/**
 * The events `placementOf` finds no place for: by dates, no due date and no start; by reminder,
 * no reminder ringing (`reminderTime`: off, completed or without a next date). What a calendar
 * says matches but has no date to be drawn by. Parameters numbered from `firstParam`.
 */
export function datelessSql(
  by: PlaceBy,
  options: { completedStatus: string; firstParam?: number },
): SqlFilter {
  if (by === 'dates')
    return {
      where: `(${dateSql('due_Date')} IS NULL AND ${dateSql('start_Date')} IS NULL)`,
      params: [],
    }
  const completed = completedSql(`$${options.firstParam ?? 1}::text`)
  const next = dateSql('next_Scheduled_Date')
  return {
    where: `NOT coalesce(reminder_on AND NOT ${completed} AND ${next} IS NOT NULL, false)`,
    params: [statusKey(options.completedStatus)],
  }
}

/**
 * The events whose match of a filter can differ between two instants `a` and `b` (milliseconds):
 * those due, or with a reminder on that rings, between them (a millisecond either side), as two
 * conditions, an event that can differ meeting at least one. The compiler below compares now
 * with nothing else (overdue is due before now and not snoozed, snoozed rings after now, a
 * reminder due rings by now), so every other event matches at `b` exactly when it matched at `a`,
 * and an answer of a filter that moves with now can be carried from `a` to `b` by reading these
 * alone. Each is a range of an index: the due index, and that of the reminders that are on.
 */
export function nowCrossingSql(
  a: number,
  b: number,
  param: (value: unknown, type: string) => string,
): [due: string, ringing: string] {
  const [from, to] = [param(Math.min(a, b) - 1, 'bigint'), param(Math.max(a, b) + 1, 'bigint')]
  const due = dateSql('due_Date')
  const next = dateSql('next_Scheduled_Date')
  return [`${due} BETWEEN ${from} AND ${to}`, `reminder_on AND ${next} BETWEEN ${from} AND ${to}`]
}

/**
 * The filter as one SQL condition (see `compileFilter`: the same arguments and meaning), or
 * `FilterNotInSql` thrown for a field `EventFilter` does not have. `completedStatus` is the runtime
 * config's (`isCompleted`).
 */
export function compileFilterSql(
  filter: EventFilter,
  now: Date,
  firstDay = 1,
  options: { completedStatus: string; firstParam?: number },
): SqlFilter {
  const missing = Object.keys(filter).filter((field) => !Object.hasOwn(FIELDS_IN_SQL, field))
  if (missing.length > 0) throw new FilterNotInSql(missing)

  const params: unknown[] = []
  const param = (value: unknown, type: string) => {
    params.push(value)
    return `$${(options.firstParam ?? 1) + params.length - 1}::${type}`
  }
  const t = now.getTime()
  let movesWithNow = false
  /** Now itself as a parameter. */
  const atNow = () => {
    movesWithNow = true
    return at(t)
  }
  /** A parameter added on first use only: Postgres refuses one it cannot see the type of. */
  const once = (make: () => string) => {
    let sql: string | undefined
    return () => (sql ??= make())
  }
  const zone = once(() => param(localZone(), 'text'))
  const date = dateSql
  const at = (ms: number) => param(ms, 'bigint')

  // The facts (facts.ts), each never null: SQL's unknown would turn a NOT into a false.
  const completed = once(() => completedSql(param(statusKey(options.completedStatus), 'text')))
  const due = () => date('due_Date')
  // `reminderTime`: rings only when the reminder is on and the event open.
  const reminderOn = () => `(reminder_on AND NOT ${completed()})`
  const next = () => date('next_Scheduled_Date')
  /** `snoozedUntil`: open, due by `to` (the snoozed window), ringing after now. */
  const snoozed = (to: number) =>
    `coalesce(${reminderOn()} AND ${next()} > ${atNow()} AND ${due()} <= ${at(to)}, false)`
  /** Due within a window of `dueWindow`: both ends inclusive; open only if it says so. */
  const dueIn = (w: { from: number; to: number; open: boolean }) => {
    // Plain comparisons of the stored instant, which the index on (database, due_instant)
    // answers; never unknown (a missing date is false first), so NOT can be put before it.
    const parts = [`${due()} IS NOT NULL`]
    if (Number.isFinite(w.from)) parts.push(`${due()} >= ${at(w.from)}`)
    if (Number.isFinite(w.to)) parts.push(`${due()} <= ${at(w.to)}`)
    if (w.open) parts.push(`NOT ${completed()}`)
    return `(${parts.join(' AND ')})`
  }

  /** A point in time inside [from, to). */
  const pointIn = (x: string, from: number, to: number) =>
    `(${x} >= ${at(from)} AND ${x} < ${at(to)})`

  const conditions: string[] = []
  const among = (values: readonly string[] | undefined, column: string, wanted = true) => {
    if (!values?.length) return
    // Without the empty value, the column itself (never null either way), which an index of
    // the column answers; with it, an empty or missing value is the empty value.
    const test = values.includes('')
      ? `coalesce(${column}, '') = ANY(${param(values, 'text[]')})`
      : `(${column} IS NOT NULL AND ${column} = ANY(${param(values, 'text[]')}))`
    conditions.push(wanted ? test : `NOT ${test}`)
  }
  /** Group keys: an event without one matches none (the model reads it as NaN). */
  const inKeys = (keys: readonly number[]) =>
    `coalesce(user_group_key = ANY(${param(keys, 'float8[]')}), false)`

  const placed = filter.placed
  if (placed) {
    // `placementOf` and `placementIn`: where a calendar draws the event, inside [from, to).
    const [from, to] = [placed.from, placed.to].map((text) => parseServiceDate(text)?.getTime())
    // First the wider net on the stored readings (`placedNear`): the exact rule below then reads
    // instants only for the events it catches, not for every event.
    conditions.push(placedNear(placed, at))
    if (from === undefined || to === undefined) conditions.push('false')
    else if (placed.by === 'reminder')
      conditions.push(`coalesce(${reminderOn()} AND ${pointIn(next(), from, to)}, false)`)
    else {
      const [start, end] = [date('start_Date'), date('end_Date')]
      /** The wall-clock day (days since 1970) an instant falls on here. */
      const dayOf = (x: string) =>
        `floor((${x} + console_zone_offset_ms(${x}, ${zone()}))::numeric / ${DAY_MS})::bigint`
      /** Local midnight of that day, or of the day after (`startOfDay`). */
      const dayStart = (x: string, days = 0) =>
        `console_local_ms((${dayOf(x)} + ${days}) * ${DAY_MS}, ${zone()})`
      conditions.push(
        `coalesce(CASE WHEN ${due()} IS NOT NULL THEN ${pointIn(due(), from, to)} ` +
          `WHEN ${start} IS NOT NULL AND ${end} IS NOT NULL AND ${end} > ${start} THEN ` +
          `CASE WHEN ${dayOf(start)} = ${dayOf(end)} ` +
          `THEN ${start} < ${at(to)} AND ${end} > ${at(from)} ` +
          `ELSE ${dayStart(start)} < ${at(to)} AND ${dayStart(end, 1)} > ${at(from)} END ` +
          `WHEN ${start} IS NOT NULL THEN ${pointIn(start, from, to)} ELSE false END, false)`,
      )
    }
  }
  among(filter.status, 'status')
  among(filter.priority, 'priority')
  among(filter.type, 'event_type')
  among(filter.user, 'user_id')
  if (filter.group?.length) conditions.push(inKeys(filter.group))
  among(filter.not?.status, 'status', false)
  among(filter.not?.priority, 'priority', false)
  among(filter.not?.type, 'event_type', false)
  if (filter.unassigned) conditions.push(`coalesce(user_id, '') = ''`)
  // Unlike the other lists, an empty one matches nothing.
  if (filter.inGroups) conditions.push(inKeys(filter.inGroups))
  among(filter.enteredBy, 'entry_user')
  if (filter.updatedSince !== undefined) {
    // A date that cannot be read matches nothing, rather than everything.
    const since = parseServiceDate(filter.updatedSince)?.getTime() ?? null
    conditions.push(
      since === null ? 'false' : `coalesce(${date('update_Date')} >= ${at(since)}, false)`,
    )
  }
  if (filter.completed !== undefined)
    conditions.push(filter.completed ? completed() : `NOT ${completed()}`)
  // `isReminderDue`: a reminder that rings at or before now. The switch stands alone (it is never
  // null), so Postgres can answer from the index of reminders that are on.
  if (filter.reminderDue)
    conditions.push(
      `(reminder_on AND coalesce(NOT ${completed()} AND ${next()} <= ${atNow()}, false))`,
    )
  const window = dueWindow(filter, now, firstDay)
  if (window) {
    if (filter.due === 'overdue') {
      // `isOverdue`: open, due before now (the window), and not snoozed.
      conditions.push(`(${dueIn(window)} AND NOT ${snoozed(t)})`)
    } else if (filter.due === 'snoozed') {
      conditions.push(snoozed(window.to))
    } else {
      // Today, this week or a range: the window is the whole condition.
      conditions.push(dueIn(window))
    }
  }
  const mentioned = filter.mentionsAuth
  if (mentioned !== undefined)
    // `mentionsAuth`: the numbers `authNumbersIn` found, kept with each record.
    conditions.push(
      mentioned === true
        ? 'cardinality(auth_mentions) > 0'
        : `${param(mentioned, 'text')} = ANY(auth_mentions)`,
    )
  if (filter.text?.trim()) {
    // `matchesSearch`: the event ID typed, or every word inside the folded subject.
    const search = searchQuery(filter.text)
    // Inside the folded subject as `LIKE '%word%'` (`\\`, `%` and `_` taken as themselves),
    // which a trigram index answers where Postgres has one (`searchIndexMigration`); never null.
    const inside = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    // Each different word once, and none found inside another (a subject holding "renewal"
    // holds "new"): the same matches, in as few conditions as the words need.
    const distinct = [...new Set(search.words)]
    if (distinct.length > SEARCH_MAX_WORDS)
      throw new FilterNotInSql(
        ['text'],
        `A search of more than ${SEARCH_MAX_WORDS} different words is not one the server reads.`,
      )
    const needed = distinct.filter((w) => !distinct.some((o) => o !== w && o.includes(w)))
    const words = needed.map((w) => `subject_words LIKE ${param(inside(w), 'text')}`)
    const all = words.length > 0 ? `(subject_words IS NOT NULL AND ${words.join(' AND ')})` : 'true'
    // An ID past what an event ID can be is no ID (the model's comparison is never true).
    const id = search.id !== null && Number.isSafeInteger(search.id) ? search.id : null
    conditions.push(id === null ? all : `(event_id = ${param(id, 'bigint')} OR ${all})`)
  }
  return { where: conditions.length > 0 ? conditions.join(' AND ') : 'true', params, movesWithNow }
}
