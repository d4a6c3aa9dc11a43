/*
 * The service's lookup lists (the Events group's static options, and `GET /report-args`): the
 * one table of their names, paths, titles and key types (each list's keys are strings or
 * integers, as the service sends them). The client, the sandbox's seed and its OpenAPI document
 * all read it.
 */

export type LookupKeyType = 'string' | 'integer'

export interface LookupListInfo {
  path: `/${string}`
  title: string
  keyType: LookupKeyType
}

/** The service's lookup lists (and `GET /report-args`), by name. */
export const lookupLists = {
  snoozes: { path: '/snoozes', title: 'Snooze durations', keyType: 'string' },
  priorities: { path: '/priorities', title: 'Priorities', keyType: 'string' },
  'claim-invoice-statuses': {
    path: '/claim-invoice-statuses',
    title: 'Claim invoice statuses',
    keyType: 'string',
  },
  'report-args': { path: '/report-args', title: 'Report args', keyType: 'string' },
  'schedule-intervals': {
    path: '/schedule-intervals',
    title: 'Schedule intervals',
    keyType: 'integer',
  },
  'schedule-interval-options': {
    path: '/schedule-interval-options',
    title: 'Schedule interval options',
    keyType: 'integer',
  },
  'schedule-interval-end-options': {
    path: '/schedule-interval-end-options',
    title: 'Schedule interval end options',
    keyType: 'integer',
  },
  'days-of-week': { path: '/days-of-week', title: 'Days of week', keyType: 'integer' },
  'months-of-year': { path: '/months-of-year', title: 'Months of year', keyType: 'integer' },
  'event-actions': { path: '/event-actions', title: 'Event actions', keyType: 'integer' },
  'schedule-actions': { path: '/schedule-actions', title: 'Schedule actions', keyType: 'integer' },
  durations: { path: '/durations', title: 'Durations', keyType: 'integer' },
} as const satisfies Record<string, LookupListInfo>

export type LookupName = keyof typeof lookupLists
export const lookupNames = Object.keys(lookupLists) as LookupName[]
