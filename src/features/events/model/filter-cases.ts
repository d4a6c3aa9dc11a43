import type { Event } from '../../../api/schemas/event'
import type { EventFilter } from './filter'

/*
 * One table of events and filters for every test of what a filter means: the model's own
 * (filter.test.ts) and the server's SQL (server/filter-sql.test.ts), which must take the same
 * events. The dates sit at the edges: midnight, a week's first day, the hour New York's clock
 * skips (8 March 2026) and the one it passes twice (1 November 2026), dates with a zone, a date
 * that does not exist, and none. Test data only: no view imports it.
 */

/** The zone the table's edges are chosen for (its clock changes in 2026). */
export const CASES_ZONE = 'America/New_York'

export const eventOf = (id: number, fields: Partial<Event> = {}): Event => ({
  event_ID: id,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
  ...fields,
})

/** The events search is tried on: an ID typed is exact, words anywhere inside. */
export const SEARCH_EVENTS: readonly Event[] = [
  eventOf(7, { reminder: true, subject: 'Call José' }),
  eventOf(70, { reminder: true, subject: 'Event 7 follow-up' }),
  eventOf(8, { reminder: true, subject: 'Renewal for case 7' }),
  eventOf(9, { reminder: true, subject: 'Nothing here' }),
]

/** What is typed into search in the table. */
export const SEARCH_TYPED = ['7', 'jose', 'NEW', 'case 7', 'follow up', 'é'] as const

const open = { status: 'Open', priority: 'NORMAL', event_Type: 'Task', entry_User: 'ben' }

/** Events at the edges of the filter's conditions (see above). */
export const EDGE_EVENTS: readonly Event[] = [
  eventOf(101, {
    ...open,
    due_Date: '2026-03-08T01:30:00',
    priority: 'HIGH',
    event_Type: 'Call',
    user_ID: 'ana',
    userGroup_Key: 1,
    entry_User: 'ana',
    subject: 'Call José about the appeal',
    update_Date: '2026-03-01T09:00:00',
  }),
  // The hour the clock skips: read as 03:30.
  eventOf(102, { ...open, due_Date: '2026-03-08T02:30:00', priority: 'URGENT', userGroup_Key: 2 }),
  eventOf(103, { ...open, due_Date: '2026-03-08T03:00:00', user_ID: 'ana' }),
  eventOf(104, { ...open, due_Date: '2026-03-08T03:30:00', priority: 'LOW', user_ID: '' }),
  // The hour the clock passes twice: read as the first.
  eventOf(105, { ...open, due_Date: '2026-11-01T01:30:00', user_ID: 'cy', userGroup_Key: 2 }),
  eventOf(106, { ...open, due_Date: '2026-11-01T00:59:59', event_Type: 'Call' }),
  eventOf(107, { ...open, due_Date: '2026-11-01T02:00:00', subject: 'Event 7 follow-up' }),
  eventOf(108, { ...open, due_Date: '2026-03-09T00:00:00', subject: 'Renewal for case 7' }),
  eventOf(109, { ...open, due_Date: '2026-03-08T23:59:59.999', subject: 'Nothing here' }),
  eventOf(110, { ...open, reminder: true, next_Scheduled_Date: '2026-03-08T01:00:00' }),
  // Snoozed: due, its reminder later.
  eventOf(111, {
    ...open,
    due_Date: '2026-03-07T10:00:00',
    reminder: true,
    next_Scheduled_Date: '2026-03-08T04:00:00',
    user_ID: 'ana',
  }),
  eventOf(112, {
    ...open,
    due_Date: '2026-03-07T10:00:00',
    completion_Date: '2026-03-07T11:00:00',
    reminder: true,
    next_Scheduled_Date: '2026-03-07T12:00:00',
  }),
  // Completed by its status, in another case and spaced.
  eventOf(113, { ...open, status: ' completed ', due_Date: '2026-03-01T00:00:00' }),
  // A date that does not exist: no due date at all.
  eventOf(114, { ...open, due_Date: '2026-02-30T10:00:00' }),
  eventOf(115, {
    ...open,
    due_Date: '2026-03-08T07:15:00Z',
    update_Date: '2026-03-08T02:45:00-05:00',
    start_Date: '2026-03-08T01:00:00',
  }),
  eventOf(116, { ...open, due_Date: '2026-11-01T01:30:00-05:00', priority: 'CUSTOM' }),
  eventOf(117, {
    ...open,
    due_Date: '2026-03-02T00:00:00',
    next_Scheduled_Date: '2026-03-01T00:00:00',
  }),
  eventOf(118, { due_Date: '2026-11-02T00:00:00' }),
  eventOf(119, { ...open, due_Date: '2026-11-01T23:59:59', subject: 'CRÈME brûlée Renewal' }),
  eventOf(120, {
    ...open,
    due_Date: '2026-03-07T23:59:59',
    update_Date: '2026-03-08T02:30:00',
    status: 'Waiting',
  }),
  eventOf(121, { ...open, due_Date: '2026-03-08T00:00:00', userGroup_Key: 1 }),
  eventOf(122, {
    ...open,
    due_Date: '2026-11-01T00:00:00',
    reminder: true,
    next_Scheduled_Date: '2026-11-01T01:30:00',
    update_Date: '2026-11-01T01:30:00',
  }),
  // Spans and starts, for what a calendar places: a span within a day, one over the skipped
  // hour's day into the next, one over the repeated hour's, a start alone.
  eventOf(123, {
    ...open,
    start_Date: '2026-03-08T01:00:00',
    end_Date: '2026-03-08T04:00:00',
    subject: 'Review 26-000123 with the member',
  }),
  eventOf(124, {
    ...open,
    start_Date: '2026-03-07T22:00:00',
    end_Date: '2026-03-09T01:00:00',
    meta_Data: '{"auths":["26-000123","26-000456"]}',
  }),
  eventOf(125, {
    ...open,
    start_Date: '2026-10-31T23:00:00',
    end_Date: '2026-11-01T01:30:00',
    meta_Data: 'auth 126-0001234 is no auth number',
  }),
  eventOf(126, { ...open, start_Date: '2026-11-01T01:30:00', subject: 'Check 26-000456' }),
  // Completed too: JavaScript's trim takes the no-break and em spaces away.
  eventOf(128, { ...open, status: '\u00a0COMPLETED\u2003', due_Date: '2026-03-08T01:00:00' }),
  eventOf(127, {
    ...open,
    start_Date: '2026-03-09T10:00:00',
    end_Date: '2026-03-09T09:00:00',
  }),
  // Search's words with what LIKE would read as patterns: taken as themselves.
  eventOf(129, { ...open, subject: 'Copay 50% of plan_b \\ tier' }),
]

/**
 * The instants the table is asked at, made in `CASES_ZONE` (a function: the zone must be set
 * first). Midnight, the moments around both clock changes (the two 01:45s of 1 November), and
 * both sides of a week's boundary.
 */
export const caseNows = (): readonly Date[] => [
  new Date(2026, 2, 8, 0, 0),
  new Date(2026, 2, 8, 1, 59, 59, 999),
  new Date(2026, 2, 8, 3, 0),
  new Date(2026, 2, 8, 3, 15),
  new Date(2026, 2, 8, 23, 59, 59, 999),
  new Date(2026, 2, 9, 0, 0),
  new Date(2026, 2, 7, 12, 0),
  new Date(Date.UTC(2026, 10, 1, 5, 45)),
  new Date(Date.UTC(2026, 10, 1, 6, 45)),
  new Date(2026, 10, 1, 0, 0),
]

/** The filters of the table. */
export const FILTER_CASES: readonly EventFilter[] = [
  {},
  { due: 'overdue' },
  { due: 'snoozed' },
  { due: 'today' },
  { due: 'week' },
  { due: { from: '2026-03-08T02:00:00', to: '2026-03-08T03:00:00' } },
  { due: { from: '2026-11-01T01:30:00' } },
  { due: { to: '2026-11-01T01:30:00' } },
  { due: { from: '2026-03-08T07:00:00Z', to: 'not a date' } },
  { reminderDue: true },
  { completed: true },
  { completed: false },
  { status: ['Open'] },
  { status: [''] },
  { not: { status: ['Open'], priority: ['LOW'] } },
  { priority: ['HIGH', 'URGENT'] },
  { type: ['Call'] },
  { user: ['ana'] },
  { group: [1, 2] },
  { unassigned: true },
  { inGroups: [] },
  { inGroups: [2] },
  { enteredBy: ['ana'] },
  { updatedSince: '2026-03-08T02:30:00' },
  { updatedSince: '2026-11-01T01:30:00' },
  { updatedSince: 'garbage' },
  ...SEARCH_TYPED.map((text) => ({ text })),
  { text: 'creme RENEWAL' },
  { text: '50%' },
  { text: 'n_b' },
  { text: '%' },
  { text: '_' },
  { text: '\\' },
  { text: 'o%p' },
  { text: '  ' },
  { due: 'week', completed: false, not: { type: ['Call'] } },
  { due: 'overdue', user: ['ana', ''] },
  { due: 'today', reminderDue: true },
  { placed: { from: '2026-03-08T00:00:00', to: '2026-03-09T00:00:00', by: 'dates' } },
  { placed: { from: '2026-03-08T03:00:00', to: '2026-03-08T03:30:00', by: 'dates' } },
  { placed: { from: '2026-03-09T00:00:00', to: '2026-03-10T00:00:00', by: 'dates' } },
  { placed: { from: '2026-11-01T00:00:00', to: '2026-11-01T01:30:00', by: 'dates' } },
  { placed: { from: '2026-11-01T01:30:00', to: '2026-11-02T00:00:00', by: 'dates' } },
  { placed: { from: '2026-03-01T00:00:00', to: '2026-12-01T00:00:00', by: 'reminder' } },
  { placed: { from: '2026-11-01T01:30:00', to: '2026-11-01T02:00:00', by: 'reminder' } },
  { placed: { from: 'not a date', to: '2026-12-01T00:00:00', by: 'dates' } },
  { mentionsAuth: true },
  { mentionsAuth: '26-000456' },
  { mentionsAuth: '26-000999', completed: false },
]
