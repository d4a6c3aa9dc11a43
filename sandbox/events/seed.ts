import { formatServiceDate } from '../../src/api/schemas/common'
import { eventFields } from '../../src/api/schemas/event'
import { lookupLists, priorityKeys } from '../lookups/data'
import {
  nextOccurrence,
  occurrences,
  ruleFromSchedule,
  type ScheduleRuleFields,
} from './recurrence'
import { sandboxUsers, userGroups } from '../identity/users'
import type { Random } from '../db/random'
import type { Db } from '../db/sqlite'

/*
 * Tables of events, their schedules and the lookup lists. Column names are the contract's field
 * names; dates are canonical `YYYY-MM-DDTHH:mm:ss` text, so text order is time order; booleans
 * are 0/1. `event_ID` is the rowid.
 *
 * Each sortable field has an index in both directions: an index entry ends with the rowid in
 * ascending order, so `ORDER BY f DESC, event_ID` walks `(f DESC)` forwards and
 * `ORDER BY f, event_ID` walks `(f)` forwards, with no sort step and an early stop at LIMIT.
 * This text is a shipped migration once released: add indexes in a new migration, never here.
 */
export const eventsMigration = `
CREATE TABLE events (
  event_ID INTEGER PRIMARY KEY,
  claim_Audit_Event INTEGER NOT NULL DEFAULT 0,
  completion_Date TEXT,
  completion_Percent REAL,
  due_Date TEXT,
  end_Date TEXT,
  entry_Date TEXT NOT NULL,
  entry_User TEXT,
  event_Processor TEXT,
  event_Type TEXT,
  meta_Data TEXT,
  next_Scheduled_Date TEXT,
  next_Scheduled_Time TEXT,
  priority TEXT,
  process_Automation_Event INTEGER NOT NULL DEFAULT 0,
  reminder INTEGER NOT NULL DEFAULT 0,
  reminder_Event_ID INTEGER,
  reportSeries_Key INTEGER,
  start_Date TEXT,
  status TEXT,
  subject TEXT,
  update_Date TEXT NOT NULL,
  update_User TEXT,
  userGroup_Key INTEGER,
  user_ID TEXT
);
CREATE INDEX events_due_Date ON events(due_Date);
CREATE INDEX events_due_Date_desc ON events(due_Date DESC);
CREATE INDEX events_next_Scheduled_Date ON events(next_Scheduled_Date);
CREATE INDEX events_next_Scheduled_Date_desc ON events(next_Scheduled_Date DESC);
CREATE INDEX events_start_Date ON events(start_Date);
CREATE INDEX events_start_Date_desc ON events(start_Date DESC);
CREATE INDEX events_completion_Date ON events(completion_Date);
CREATE INDEX events_completion_Date_desc ON events(completion_Date DESC);
CREATE INDEX events_priority ON events(priority);
CREATE INDEX events_priority_desc ON events(priority DESC);
CREATE INDEX events_status ON events(status);
CREATE INDEX events_status_desc ON events(status DESC);
CREATE INDEX events_user_ID ON events(user_ID);
CREATE INDEX events_user_ID_desc ON events(user_ID DESC);
CREATE INDEX events_subject ON events(subject);
CREATE INDEX events_subject_desc ON events(subject DESC);
CREATE INDEX events_user_active ON events(user_ID, next_Scheduled_Date, due_Date)
  WHERE completion_Date IS NULL;

CREATE TABLE event_schedules (
  schedule_ID INTEGER PRIMARY KEY,
  event_ID INTEGER NOT NULL REFERENCES events(event_ID) ON DELETE CASCADE,
  description TEXT,
  end_Date TEXT,
  end_Option INTEGER,
  end_Time TEXT,
  entry_Date TEXT NOT NULL,
  entry_User TEXT,
  frequency INTEGER,
  frequency_Factor INTEGER,
  friday INTEGER NOT NULL DEFAULT 0,
  interval_Option INTEGER,
  monday INTEGER NOT NULL DEFAULT 0,
  next_Scheduled_Date TEXT,
  next_Scheduled_Time TEXT,
  play_Sound INTEGER NOT NULL DEFAULT 0,
  regenerate_Event INTEGER NOT NULL DEFAULT 0,
  regeneration_Date_Part TEXT,
  regeneration_Interval INTEGER,
  relative_Frequency INTEGER,
  saturday INTEGER NOT NULL DEFAULT 0,
  schedule_Interval INTEGER,
  sound_File TEXT,
  start_Date TEXT,
  start_Time TEXT,
  sunday INTEGER NOT NULL DEFAULT 0,
  thursday INTEGER NOT NULL DEFAULT 0,
  total_Occurrences INTEGER,
  tuesday INTEGER NOT NULL DEFAULT 0,
  update_Date TEXT NOT NULL,
  update_User TEXT,
  wednesday INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX event_schedules_event ON event_schedules(event_ID, schedule_ID);

-- option_Key has no declared type, so integer keys stay integers and text keys stay text.
CREATE TABLE lookups (
  list TEXT NOT NULL,
  option_Key NOT NULL,
  display TEXT,
  description TEXT,
  sort_Order INTEGER NOT NULL,
  minutes INTEGER,
  PRIMARY KEY (list, option_Key)
) WITHOUT ROWID;
`

/** EventSchedule columns, in table order. */
export const scheduleColumns = [
  'schedule_ID',
  'event_ID',
  'description',
  'end_Date',
  'end_Option',
  'end_Time',
  'entry_Date',
  'entry_User',
  'frequency',
  'frequency_Factor',
  'friday',
  'interval_Option',
  'monday',
  'next_Scheduled_Date',
  'next_Scheduled_Time',
  'play_Sound',
  'regenerate_Event',
  'regeneration_Date_Part',
  'regeneration_Interval',
  'relative_Frequency',
  'saturday',
  'schedule_Interval',
  'sound_File',
  'start_Date',
  'start_Time',
  'sunday',
  'thursday',
  'total_Occurrences',
  'tuesday',
  'update_Date',
  'update_User',
  'wednesday',
] as const

type SqlValue = string | number | null
const DAY = 86_400_000
const MINUTE = 60_000

const EVENT_TYPES = ['TASK', 'REMINDER', 'FOLLOW_UP', 'AUDIT', 'REPORT'] as const
type EventType = (typeof EVENT_TYPES)[number]
const PRIORITY_WEIGHTS = [0.2, 0.5, 0.22, 0.08] // LOW, NORMAL, HIGH, URGENT

const PLANS = ['PPO 500', 'HDHP 2800', 'EPO Silver', 'Dental Plus', 'Vision Basic', 'PPO 1500']
const GROUP_NAMES = [
  'Harbor Logistics',
  'Cedar Valley Schools',
  'Northwind Foods',
  'Summit Health Partners',
  'Bluewater Municipal',
  'Redline Manufacturing',
  'Greenfield County',
  'Apex Dental Group',
]
const REPORTS = [
  'monthly capitation report',
  'lag report',
  'IBNR reserve report',
  'stop-loss claimant report',
  'check register',
  'eligibility reconciliation',
  'premium billing summary',
  'high-dollar claims report',
]

/** Subject templates per event type; each reads like real work in a benefits office. */
const SUBJECTS: Record<EventType, ((r: Random) => string)[]> = {
  TASK: [
    (r) => `Call provider about auth ${r.int(24, 26)}-${pad(r.int(1, 999_999), 6)}`,
    (r) => `Verify eligibility for subscriber ${r.int(100_000_000, 999_999_999)}`,
    (r) => `Review pended claim ${r.int(24, 26)}${pad(r.int(1, 9_999_999), 7)}`,
    (r) => `Reconcile premium invoice INV-${r.int(20_000, 89_999)}`,
    (r) => `Update fee schedule for ${r.pick(PLANS)}`,
    (r) => `Process refund request RF-${r.int(1_000, 9_999)}`,
    (r) => `Confirm credentialing packet for NPI ${r.int(1_000_000_000, 1_999_999_999)}`,
    (r) => `Enter COB questionnaire for member ${r.int(3_000_000, 3_999_999)}`,
    (r) => `Load eligibility file from ${r.pick(GROUP_NAMES)}`,
  ],
  REMINDER: [
    (r) => `Renewal meeting with ${r.pick(GROUP_NAMES)}`,
    (r) => `Send ID cards for group ${r.int(1_000, 9_999)}`,
    (r) => `Check status of reinsurance filing for claimant ${r.int(3_000_000, 3_999_999)}`,
    (r) => `Open enrollment packet due for ${r.pick(GROUP_NAMES)}`,
    (r) => `Return call from member ${r.int(3_000_000, 3_999_999)} about ID card`,
    () => `Weekly claims queue huddle`,
  ],
  FOLLOW_UP: [
    (r) => `Follow up on appeal for member ${r.int(3_000_000, 3_999_999)}`,
    (r) =>
      `Follow up with provider on records for claim ${r.int(24, 26)}${pad(r.int(1, 9_999_999), 7)}`,
    (r) => `Follow up with broker about group ${r.int(1_000, 9_999)} renewal`,
    (r) => `Follow up on grievance GR-${r.int(1_000, 9_999)}`,
    (r) => `Chase signed authorization ${r.int(24, 26)}-${pad(r.int(1, 999_999), 6)}`,
  ],
  AUDIT: [
    (r) => `Review claim audit batch ${r.int(1, 60)}`,
    (r) => `Audit high-dollar claim ${r.int(24, 26)}${pad(r.int(1, 9_999_999), 7)}`,
    (r) => `Duplicate payment audit for ${r.pick(GROUP_NAMES)}`,
    (r) => `Audit provider ${r.int(10_000, 99_999)} billing pattern`,
  ],
  REPORT: [
    (r) => `Run ${r.pick(REPORTS)} for ${r.pick(GROUP_NAMES)}`,
    (r) => `Prepare ${r.pick(REPORTS)}`,
    (r) => `Send ${r.pick(REPORTS)} to ${r.pick(GROUP_NAMES)}`,
  ],
}

function pad(n: number, width: number) {
  return String(n).padStart(width, '0')
}

function weighted<T>(random: Random, items: readonly T[], weights: readonly number[]): T {
  let x = random.next() * weights.reduce((a, b) => a + b, 0)
  for (let i = 0; i < items.length; i++) {
    x -= weights[i] as number
    if (x < 0) return items[i] as T
  }
  return items[items.length - 1] as T
}

/** A local date `days` from `now` at a business-hours time on a quarter hour. */
function workTime(random: Random, now: Date, days: number): Date {
  const d = new Date(now.getTime() + days * DAY)
  return new Date(
    d.getFullYear(),
    d.getMonth(),
    d.getDate(),
    random.int(8, 16),
    15 * random.int(0, 3),
  )
}

const fmt = (d: Date | null) => (d ? formatServiceDate(d) : null)
const minDate = (a: Date, b: Date) => (a < b ? a : b)

/** Demo schedule rules: weekly on chosen days, monthly, every N days, now and then yearly. */
function randomRule(random: Random, start: Date): ScheduleRuleFields & { description: string } {
  const kind = weighted(random, ['weekly', 'monthly', 'daily', 'yearly'], [0.45, 0.3, 0.2, 0.05])
  const days = [false, false, false, false, false, false, false]
  if (kind === 'weekly') {
    const n = random.int(1, 3)
    for (let i = 0; i < n; i++) days[random.int(0, 4)] = true
    const every = random.chance(0.75) ? 1 : 2
    const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].filter((_, i) => days[i]).join(', ')
    return {
      description: every === 1 ? `Weekly on ${names}` : `Every 2 weeks on ${names}`,
      schedule_Interval: 2,
      frequency_Factor: every,
      monday: days[0],
      tuesday: days[1],
      wednesday: days[2],
      thursday: days[3],
      friday: days[4],
      saturday: false,
      sunday: false,
      start_Date: fmt(start),
    }
  }
  if (kind === 'monthly') {
    const every = weighted(random, [1, 2, 3], [0.7, 0.1, 0.2])
    const option = weighted(random, [1, 2, 3], [0.6, 0.2, 0.2])
    const what = ['on the start day', 'on the last day', 'on the same weekday'][option - 1]
    return {
      description: every === 1 ? `Monthly ${what}` : `Every ${every} months ${what}`,
      schedule_Interval: 3,
      frequency_Factor: every,
      interval_Option: option,
      start_Date: fmt(start),
    }
  }
  if (kind === 'daily') {
    const every = weighted(random, [1, 2, 3, 7, 14], [0.3, 0.2, 0.2, 0.2, 0.1])
    return {
      description: every === 1 ? 'Every day' : `Every ${every} days`,
      schedule_Interval: 1,
      frequency_Factor: every,
      start_Date: fmt(start),
    }
  }
  return {
    description: 'Yearly on the start day',
    schedule_Interval: 4,
    frequency_Factor: 1,
    frequency: start.getMonth() + 1,
    interval_Option: 1,
    start_Date: fmt(start),
  }
}

const bool = (v: boolean | undefined) => (v ? 1 : 0)

/**
 * Seeds the lookup lists and `count` demo events (about a fifth with schedules), deterministic
 * for the given generator and `now`. Runs inside the caller's transaction.
 */
export function seedEvents(db: Db, random: Random, options: { count: number; now: Date }) {
  const { count, now } = options

  const insertLookup = db.prepare(
    'INSERT INTO lookups (list, option_Key, display, description, sort_Order, minutes) VALUES (?, ?, ?, ?, ?, ?)',
  )
  for (const list of lookupLists)
    list.options.forEach((o, i) =>
      insertLookup.run(list.path, o.key, o.display, o.description, i + 1, o.minutes ?? null),
    )

  const insertEvent = db.prepare(
    `INSERT INTO events (${eventFields.join(', ')}) VALUES (${eventFields.map(() => '?').join(', ')})`,
  )
  const insertSchedule = db.prepare(
    `INSERT INTO event_schedules (${scheduleColumns.join(', ')})
     VALUES (${scheduleColumns.map(() => '?').join(', ')})`,
  )

  // Bulk load: drop the events indexes and build them again after the inserts. Sorting 100,000
  // keys once is several times faster than 17 index updates at random places per row.
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL",
    )
    .all() as { name: string; sql: string }[]
  for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`)

  const staff = sandboxUsers.map((u) => u.userId)
  const named = ['admin', 'staff', 'support']
  /** The first events are reminders due now for each named user, so their list is never empty. */
  const dueNowCount = Math.min(count, named.length * 4)
  let scheduleId = 0

  for (let id = 1; id <= count; id++) {
    const dueNow = id <= dueNowCount
    const type: EventType = dueNow
      ? 'REMINDER'
      : weighted(random, EVENT_TYPES, [0.35, 0.2, 0.25, 0.1, 0.1])
    const recurring = !dueNow && random.chance(type === 'REPORT' || type === 'AUDIT' ? 0.4 : 0.17)

    // Assignment: a user, or (30%) a user group with no user.
    let userId: string | null
    let groupKey: number | null = null
    if (dueNow) userId = named[(id - 1) % named.length] as string
    else if (random.chance(0.3)) {
      userId = null
      groupKey = random.pick(userGroups).key
    } else userId = random.chance(0.25) ? random.pick(named) : random.pick(staff)

    // Dates: due over the last 60 and next 90 days; started up to two weeks before.
    const due = dueNow
      ? workTime(random, now, random.int(0, 3))
      : workTime(random, now, random.int(-60, 90))
    const start = workTime(random, due, -random.int(0, 14))
    const end = random.chance(0.2) ? workTime(random, due, random.int(0, 10)) : null

    // Status: most past-due work is done; future work is mostly open.
    let status: string
    if (dueNow || recurring) status = random.chance(0.7) ? 'Open' : 'In progress'
    else if (due < now)
      status = weighted(
        random,
        ['Completed', 'Open', 'In progress', 'Waiting'],
        [0.65, 0.1, 0.15, 0.1],
      )
    else if (start < now)
      status = weighted(
        random,
        ['Open', 'In progress', 'Waiting', 'Completed'],
        [0.35, 0.4, 0.15, 0.1],
      )
    else status = weighted(random, ['Open', 'Waiting'], [0.9, 0.1])
    const completed = status === 'Completed'
    const completion = completed
      ? new Date(
          Math.max(
            start.getTime(),
            Math.min(
              now.getTime() - random.int(5, 600) * MINUTE,
              due.getTime() + random.int(-3, 2) * DAY,
            ),
          ),
        )
      : null
    const percent = completed
      ? 100
      : status === 'In progress'
        ? 10 * random.int(1, 9)
        : status === 'Waiting'
          ? 10 * random.int(2, 8)
          : random.chance(0.5)
            ? 0
            : null

    // Reminders: a third of the events; the due-now ones a few minutes to days in the past.
    const reminder =
      dueNow || type === 'REMINDER' || (recurring && random.chance(0.5)) || random.chance(0.08)
    let next: Date | null = null
    if (dueNow) next = new Date(now.getTime() - random.int(3, 3 * 24 * 60) * MINUTE)
    else if (reminder && !recurring) next = workTime(random, due, -random.int(0, 2))
    if (next && completion && next > completion) next = completion // the last reminder came first

    // Schedules: one or two, whose next dates are occurrences of their rules.
    const schedules: SqlValue[][] = []
    if (recurring) {
      const n = random.chance(0.7) ? 1 : 2
      for (let s = 0; s < n; s++) {
        const ruleStart = workTime(random, now, -random.int(7, 180))
        const rule = randomRule(random, ruleStart)
        const endChoice = weighted(random, [1, 2, 3], [0.6, 0.25, 0.15])
        const parsed = ruleFromSchedule(rule)
        if (typeof parsed === 'string') throw new Error(`seed rule is invalid: ${parsed}`)
        const lagged = new Date(now.getTime() - random.int(0, 3 * 24 * 60) * MINUTE)
        if (endChoice === 2) {
          // Enough occurrences that the series is still running.
          let past = 0
          for (const date of occurrences(parsed)) {
            if (date > now) break
            past++
          }
          rule.end_Option = 2
          rule.total_Occurrences = past + random.int(2, 12)
        } else if (endChoice === 3) {
          // An end date after the next occurrence, so the series is still running.
          const upcoming = nextOccurrence(parsed, lagged) ?? now
          rule.end_Option = 3
          rule.end_Date = fmt(workTime(random, upcoming, random.int(30, 365)))
        } else rule.end_Option = 1
        const schedule = ruleFromSchedule(rule)
        const nextDate = typeof schedule === 'string' ? null : nextOccurrence(schedule, lagged)
        if (s === 0) next = nextDate
        const entry = new Date(ruleStart.getTime() - random.int(1, 10) * DAY)
        const by = userId ?? random.pick(staff)
        scheduleId++
        schedules.push(
          scheduleColumns.map((col): SqlValue => {
            switch (col) {
              case 'schedule_ID':
                return scheduleId
              case 'event_ID':
                return id
              case 'description':
                return rule.description
              case 'end_Time':
                return rule.end_Date ?? null
              case 'entry_Date':
              case 'update_Date':
                return fmt(entry)
              case 'entry_User':
              case 'update_User':
                return by
              case 'next_Scheduled_Date':
              case 'next_Scheduled_Time':
                return fmt(nextDate)
              case 'start_Time':
                return rule.start_Date ?? null
              case 'play_Sound':
                return random.chance(0.3) ? 1 : 0
              case 'sound_File':
                return null
              case 'regenerate_Event':
                return 0
              case 'regeneration_Date_Part':
              case 'regeneration_Interval':
                return null
              case 'monday':
              case 'tuesday':
              case 'wednesday':
              case 'thursday':
              case 'friday':
              case 'saturday':
              case 'sunday':
                return bool(rule[col])
              default: {
                const v = rule[col as keyof ScheduleRuleFields]
                return v === undefined || typeof v === 'boolean' ? null : v
              }
            }
          }),
        )
      }
    }

    const claimAudit = type === 'AUDIT' && random.chance(0.5)
    const automation = type === 'REPORT' && random.chance(0.6)
    const subject = random.pick(SUBJECTS[type])(random)
    const entryBy = random.chance(0.6) && userId ? userId : random.pick(staff)
    const entry = new Date(minDate(start, now).getTime() - random.int(0, 7 * 24 * 60) * MINUTE)
    const updated = new Date(entry.getTime() + random.next() * (now.getTime() - entry.getTime()))
    const updateBy =
      completed && userId ? userId : random.chance(0.5) ? entryBy : random.pick(staff)

    const values: Record<string, SqlValue> = {
      event_ID: id,
      claim_Audit_Event: claimAudit ? 1 : 0,
      completion_Date: fmt(completion),
      completion_Percent: percent,
      due_Date: fmt(due),
      end_Date: fmt(end),
      entry_Date: fmt(entry),
      entry_User: entryBy,
      event_Processor: claimAudit
        ? 'ClaimAuditProcessor'
        : automation
          ? 'ReportSeriesProcessor'
          : null,
      event_Type: type,
      meta_Data: claimAudit
        ? JSON.stringify({
            auditBatch: random.int(1, 60),
            sampleRate: random.pick([0.05, 0.1, 0.25]),
          })
        : automation
          ? JSON.stringify({ format: random.pick(['PDF', 'CSV', 'XLSX']) })
          : null,
      next_Scheduled_Date: fmt(next),
      next_Scheduled_Time: fmt(next),
      priority: dueNow
        ? random.pick(['NORMAL', 'HIGH', 'URGENT'])
        : weighted(random, priorityKeys, PRIORITY_WEIGHTS),
      process_Automation_Event: automation ? 1 : 0,
      reminder: reminder ? 1 : 0,
      reminder_Event_ID: null,
      reportSeries_Key: automation ? random.int(1, 24) : null,
      start_Date: fmt(start),
      status,
      subject,
      update_Date: fmt(updated),
      update_User: updateBy,
      userGroup_Key: groupKey,
      user_ID: userId,
    }
    insertEvent.run(...eventFields.map((f) => values[f] ?? null))
    for (const row of schedules) insertSchedule.run(...row)
  }
  for (const { sql } of indexes) db.exec(sql)
}
