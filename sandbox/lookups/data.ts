import { lookupLists as contractLists, type LookupName } from '../../src/api/schemas/lookup-lists'
/**
 * The twelve lookup lists of the Events group, as seeded into the `lookups` table of every
 * business database. Keys are strings or integers as the contract's `lookupLists` says;
 * `minutes` is the length of a snooze or a duration (stored, not sent).
 */
export interface LookupOption {
  key: string | number
  display: string
  description: string
  minutes?: number
}

export interface LookupList {
  /** Path of the `GET` operation, also the list's name in the `lookups` table. */
  path: string
  keyType: 'string' | 'integer'
  options: LookupOption[]
}

const snooze = (key: string, display: string, minutes: number): LookupOption => ({
  key,
  display,
  description: `Remind me again in ${display}`,
  minutes,
})

export const SNOOZES = contractLists.snoozes.path
export const DEFAULT_SNOOZE = 'SNOOZE_15_MIN'

const priorityOptions: LookupOption[] = [
  { key: 'LOW', display: 'Low', description: 'Handle when time allows' },
  { key: 'NORMAL', display: 'Normal', description: 'Handle within the usual turnaround' },
  { key: 'HIGH', display: 'High', description: 'Handle today' },
  {
    key: 'URGENT',
    display: 'Urgent',
    description: "Handle now: a member's care or a filing deadline depends on it",
  },
]

/** Keys of `/priorities`, lowest first. */
export const priorityKeys = priorityOptions.map((o) => String(o.key))

/** A list of the contract's table (path and key type from there) with its seeded options. */
const list = (name: LookupName, options: LookupOption[]): LookupList => ({
  path: contractLists[name].path,
  keyType: contractLists[name].keyType,
  options,
})

export const lookupLists: LookupList[] = [
  list('snoozes', [
    snooze('SNOOZE_5_MIN', '5 minutes', 5),
    snooze('SNOOZE_10_MIN', '10 minutes', 10),
    snooze('SNOOZE_15_MIN', '15 minutes', 15),
    snooze('SNOOZE_30_MIN', '30 minutes', 30),
    snooze('SNOOZE_1_HOUR', '1 hour', 60),
    snooze('SNOOZE_2_HOURS', '2 hours', 120),
    snooze('SNOOZE_4_HOURS', '4 hours', 240),
    snooze('SNOOZE_1_DAY', '1 day', 1440),
    snooze('SNOOZE_2_DAYS', '2 days', 2880),
    snooze('SNOOZE_1_WEEK', '1 week', 10080),
  ]),
  list('priorities', priorityOptions),
  list('claim-invoice-statuses', [
    {
      key: 'OPEN',
      display: 'Open',
      description: 'Invoice created; claims are still being added',
    },
    { key: 'PENDING', display: 'Pending review', description: 'Waiting for an examiner' },
    { key: 'APPROVED', display: 'Approved', description: 'Approved for the next payment run' },
    { key: 'PAID', display: 'Paid', description: 'Included in a payment run' },
    { key: 'VOID', display: 'Void', description: 'Cancelled; no payment will be made' },
    { key: 'ADJUSTED', display: 'Adjusted', description: 'Reopened and adjusted after payment' },
  ]),
  list('report-args', [
    {
      key: 'START_DATE',
      display: 'Start date',
      description: 'First day of the reporting period',
    },
    { key: 'END_DATE', display: 'End date', description: 'Last day of the reporting period' },
    { key: 'GROUP_ID', display: 'Group', description: 'Employer group the report covers' },
    { key: 'DIVISION_ID', display: 'Division', description: 'Division within the group' },
    { key: 'PLAN_ID', display: 'Plan', description: 'Benefit plan the report covers' },
    { key: 'PROVIDER_ID', display: 'Provider', description: 'Provider the report covers' },
    { key: 'SUBSCRIBER_ID', display: 'Subscriber', description: 'Subscriber the report covers' },
    { key: 'USER_ID', display: 'User', description: 'User whose work the report covers' },
    { key: 'OUTPUT_FORMAT', display: 'Output format', description: 'PDF, CSV or XLSX' },
  ]),
  list('schedule-intervals', [
    { key: 1, display: 'Daily', description: 'Every N days' },
    { key: 2, display: 'Weekly', description: 'On the chosen weekdays every N weeks' },
    { key: 3, display: 'Monthly', description: 'On a day of the month every N months' },
    { key: 4, display: 'Yearly', description: 'On a day of the chosen month every N years' },
  ]),
  list('schedule-interval-options', [
    {
      key: 1,
      display: 'Day of month',
      description: "The start date's day of the month (the last day in shorter months)",
    },
    { key: 2, display: 'Last day of month', description: 'The last day of the month' },
    {
      key: 3,
      display: 'Weekday of month',
      description: 'The same weekday of the month as the start date, e.g. the 2nd Tuesday',
    },
  ]),
  list('schedule-interval-end-options', [
    { key: 1, display: 'No end date', description: 'The schedule repeats until removed' },
    {
      key: 2,
      display: 'End after N occurrences',
      description: 'Stops after total_Occurrences occurrences',
    },
    { key: 3, display: 'End by date', description: 'No occurrence after end_Date' },
  ]),
  list(
    'days-of-week',
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
      (name, i) => ({ key: i + 1, display: name, description: name.slice(0, 3) }),
    ),
  ),
  list(
    'months-of-year',
    [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ].map((name, i) => ({ key: i + 1, display: name, description: name.slice(0, 3) })),
  ),
  list('event-actions', [
    { key: 1, display: 'Open', description: 'Open the event' },
    { key: 2, display: 'Complete', description: 'Mark the event completed' },
    { key: 3, display: 'Snooze', description: 'Remind again after a snooze duration' },
    { key: 4, display: 'Reschedule', description: 'Move to the next date of its schedule' },
    { key: 5, display: 'Reassign', description: 'Assign to another user or user group' },
    { key: 6, display: 'Dismiss', description: 'Stop reminding without completing' },
  ]),
  list('schedule-actions', [
    { key: 1, display: 'Remind', description: 'Remind the assigned user' },
    { key: 2, display: 'Regenerate event', description: 'Create a new event for the occurrence' },
    { key: 3, display: 'Run report series', description: "Run the event's report series" },
    { key: 4, display: 'Start claim audit', description: 'Start a claim audit' },
  ]),
  list('durations', [
    { key: 15, display: '15 minutes', description: 'Expected effort: 15 minutes', minutes: 15 },
    { key: 30, display: '30 minutes', description: 'Expected effort: 30 minutes', minutes: 30 },
    { key: 60, display: '1 hour', description: 'Expected effort: 1 hour', minutes: 60 },
    { key: 120, display: '2 hours', description: 'Expected effort: 2 hours', minutes: 120 },
    { key: 240, display: 'Half a day', description: 'Expected effort: 4 hours', minutes: 240 },
    { key: 480, display: '1 day', description: 'Expected effort: 8 hours', minutes: 480 },
    { key: 2400, display: '1 week', description: 'Expected effort: 40 hours', minutes: 2400 },
  ]),
]
