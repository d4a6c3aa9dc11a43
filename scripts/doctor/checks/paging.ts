import { compareServiceDates, parseServiceDate } from '../../../src/api/dates'
import { describeStatus, is2xx, readEnvelope, type DoctorContext } from '../context'
import { eventIds } from './reads'

/**
 * Paging and sorting of `GET /events` as the console relies on them: the event index reads pages
 * of 1,000 sorted by ID until one comes back short, the list asks for a page size and sort.
 * Reports counts and positions, never IDs or dates.
 */

interface Page {
  ok: boolean
  items: unknown[]
  ids: number[]
  got: string
  contentType: string
}

async function page(ctx: DoctorContext, query: Record<string, string | number>): Promise<Page> {
  const read = readEnvelope(await ctx.request({ path: '/events', query }))
  if (!read.ok) return { ok: false, items: [], ids: [], got: read.got, contentType: '' }
  const { received, data, error } = read.value
  const items = Array.isArray(data) ? data : []
  const ok = is2xx(received.status) && error === undefined && (Array.isArray(data) || data === null)
  return {
    ok,
    items,
    ids: eventIds(items),
    got: ok
      ? `${items.length} events`
      : is2xx(received.status) && error === undefined
        ? `HTTP ${received.status} whose data is not a list`
        : describeStatus(received.status, error),
    contentType: received.contentType,
  }
}

const SIZE = 5
const q = (page: number, pageSize: number, sortBy: string) => ({ page, pageSize, sortBy })

export async function checkPaging(ctx: DoctorContext): Promise<void> {
  const group = 'paging'
  const add = ctx.add.bind(ctx, group)
  const p1 = await page(ctx, q(1, SIZE, 'event_ID:asc'))
  const p2 = await page(ctx, q(2, SIZE, 'event_ID:asc'))
  const both = await page(ctx, q(1, 2 * SIZE, 'event_ID:asc'))

  const type = p1.contentType.split(';')[0]?.trim() || '(none)'
  if (p1.ok)
    add(
      'content type of GET /events',
      /^(application\/json|text\/plain)$/i.test(type) ? 'PASS' : 'WARN',
      'a JSON body under text/plain (as the contract allows) or application/json',
      `${type} with a JSON body: the console reads it whatever the type`,
    )

  const fewer = both.ok && both.items.length < 2 * SIZE
  if (!p1.ok || !both.ok)
    add(`pageSize=${SIZE}`, 'FAIL', `at most ${SIZE} events`, p1.ok ? both.got : p1.got)
  else if (
    p1.items.length > SIZE ||
    (p1.items.length < SIZE && both.items.length > p1.items.length)
  )
    add(
      `pageSize=${SIZE}`,
      'FAIL',
      `${SIZE} events (the database has more)`,
      `${p1.items.length} events: pageSize is not honoured`,
      [
        'the console asks for the page size it shows; the event index reads pages of 1,000 and stops at the first short page',
      ],
    )
  else add(`pageSize=${SIZE}`, 'PASS', `${SIZE} events`, `${p1.items.length} events`)

  const pagingOk = p1.ok && both.ok && p1.items.length <= SIZE
  if (!pagingOk)
    add(
      'page 2 continues page 1',
      'SKIP',
      'page 2 = events 6–10',
      'pageSize is not honoured, so pages cannot be compared',
    )
  else if (fewer)
    add(
      'page 2 continues page 1',
      'SKIP',
      'page 2 = events 6–10',
      `the database has only ${both.items.length} events (10 needed)`,
    )
  else if (!p2.ok) add('page 2 continues page 1', 'FAIL', 'page 2 = events 6–10', p2.got)
  else {
    const overlap = p2.ids.filter((id) => p1.ids.includes(id)).length
    const continues = [...p1.ids, ...p2.ids].join() === both.ids.join()
    add(
      'page 2 continues page 1',
      overlap === 0 && continues ? 'PASS' : 'FAIL',
      `page 2 (pageSize ${SIZE}) = events 6–10 of page 1 with pageSize ${2 * SIZE}`,
      overlap > 0
        ? `page 2 repeats ${overlap} of page 1's events`
        : continues
          ? 'it does'
          : 'other events than 6–10: page is not honoured',
    )
  }

  await checkSort(ctx, 'event_ID:asc', (a, b) => Number(idOf(a)) - Number(idOf(b)), 'event_ID')
  await checkSort(
    ctx,
    'due_Date:desc',
    (a, b) => compareServiceDates(dueOf(b), dueOf(a)),
    'due_Date',
  )

  const past = await page(ctx, q(1_000_000, 1000, 'event_ID:asc'))
  add(
    'a page past the end',
    past.ok && past.items.length === 0 ? 'PASS' : 'FAIL',
    'HTTP 2xx with an empty list (or null)',
    past.ok
      ? past.items.length === 0
        ? 'an empty list'
        : `${past.items.length} events`
      : past.got,
    past.ok
      ? []
      : [
          'the console reads pages until one comes back short: a page past the end must not be an error',
        ],
  )
}

const idOf = (item: unknown) => (item as { event_ID?: unknown } | null)?.event_ID
const dueOf = (item: unknown) => {
  const due = (item as { due_Date?: unknown } | null)?.due_Date
  return typeof due === 'string' ? due : null
}

async function checkSort(
  ctx: DoctorContext,
  sortBy: string,
  compare: (a: unknown, b: unknown) => number,
  field: string,
) {
  const name = `sortBy=${sortBy}`
  const expected = `50 events in ${field} order, ${sortBy.endsWith('desc') ? 'descending' : 'ascending'}`
  const result = await page(ctx, q(1, 50, sortBy))
  if (!result.ok) return ctx.add('paging', name, 'FAIL', expected, result.got)
  const values = result.items.filter((item) =>
    field === 'due_Date' ? parseServiceDate(dueOf(item)) !== null : typeof idOf(item) === 'number',
  )
  if (values.length < 2)
    return ctx.add('paging', name, 'SKIP', expected, `fewer than 2 events with a readable ${field}`)
  let outOfOrder = 0
  for (let i = 1; i < values.length; i++) if (compare(values[i - 1], values[i]) > 0) outOfOrder++
  const unreadable = result.items.length - values.length
  ctx.add(
    'paging',
    name,
    outOfOrder === 0 ? 'PASS' : 'FAIL',
    expected,
    outOfOrder === 0
      ? `${values.length} in order`
      : `${outOfOrder} of ${values.length - 1} neighbours out of order: sortBy is not honoured`,
    unreadable > 0 ? [`${unreadable} events without a readable ${field} not compared`] : [],
  )
}
