import { formatCsvLine } from '@/lib/csv'

/** Columns of the CSV template: the fields staff fill in most often. */
export const TEMPLATE_COLUMNS = [
  'auth_Number',
  'auth_Code',
  'status',
  'auth_Type',
  'service_Type',
  'service_Code',
  'subscriber_ID',
  'member_Seq',
  'provider_ID',
  'requested_From',
  'requested_Thru',
  'units_Requested',
  'visits_Requested',
  'amount_Requested',
  'unit_Type',
  'urgent',
  'received_Date',
  'notes',
]

const pad = (n: number) => String(n).padStart(2, '0')
/** The example's received date: when the template is downloaded (`2026-11-26T09:30`). */
const receivedNow = (now: Date) =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`

const example = (now: Date) => [
  '',
  'P',
  'Pended',
  'Outpatient',
  'Physical Therapy',
  '97110',
  '100244581',
  '01',
  'PRV10005',
  '2026-04-01',
  '2026-05-31',
  '12',
  '12',
  '1140',
  'Visit',
  'false',
  receivedNow(now),
  'Leave auth_Number empty to create a new auth',
]

/**
 * A `data:` link to the template: a header row and one example. It carries the date each request
 * was received (`received_Date`): the decision clock counts from it.
 */
export const templateHref = (now = new Date()) =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(
    `${formatCsvLine(TEMPLATE_COLUMNS)}\r\n${formatCsvLine(example(now))}\r\n`,
  )}`
