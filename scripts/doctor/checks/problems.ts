import { readEnvelope, type DoctorContext, type RequestSpec } from '../context'
import { eventIds } from './reads'

/**
 * The problem details of a 404 and a 401: the right HTTP status, and in
 * the envelope's `error` the members type, title, status, detail and instance. Only which
 * members came and their types are reported, never their text.
 */

const MEMBERS = ['type', 'title', 'status', 'detail', 'instance'] as const

async function checkProblem(
  ctx: DoctorContext,
  name: string,
  request: RequestSpec,
  status: number,
  consequence: string,
) {
  const expected = `HTTP ${status}, the envelope with error { ${MEMBERS.join(', ')} }, error.status ${status}`
  const read = readEnvelope(await ctx.request(request))
  if (!read.ok) {
    ctx.add('problems', name, 'FAIL', expected, read.got, [consequence])
    return
  }
  const { received, error } = read.value
  if (received.status !== status) {
    ctx.add('problems', name, 'FAIL', expected, `HTTP ${received.status}`, [consequence])
    return
  }
  if (error === null || typeof error !== 'object' || Array.isArray(error)) {
    ctx.add(
      'problems',
      name,
      'FAIL',
      expected,
      `HTTP ${status} with no error object in the envelope`,
      ["the console cannot show the service's explanation"],
    )
    return
  }
  const problem = error as Record<string, unknown>
  const details: string[] = []
  for (const member of MEMBERS) {
    const value = problem[member]
    const want = member === 'status' ? 'number' : 'string'
    if (value === undefined || value === null) {
      if (member !== 'type') details.push(`error.${member} is missing`)
    } else if (typeof value !== want)
      details.push(`error.${member}: expected ${want}, got ${typeof value}`)
  }
  if (typeof problem.status === 'number' && problem.status !== status)
    details.push(`error.status is ${problem.status}, the HTTP status ${status}`)
  if (read.value.activityId === undefined) details.push('debug.activityID is missing')
  ctx.add(
    'problems',
    name,
    details.length === 0 ? 'PASS' : 'WARN',
    expected,
    details.length === 0
      ? `HTTP ${status} with ${MEMBERS.filter((m) => problem[m] != null).join(', ')}`
      : `HTTP ${status} with problem details, some members missing or odd`,
    details,
  )
}

export async function checkProblems(ctx: DoctorContext): Promise<void> {
  const last = readEnvelope(
    await ctx.request({
      path: '/events',
      query: { page: 1, pageSize: 1, sortBy: 'event_ID:desc' },
    }),
  )
  const [highest] = last.ok ? eventIds(last.value.data) : []
  const missing = Math.min(2147483647, (highest ?? 2147483000) + 1000)
  await checkProblem(
    ctx,
    'GET /events/{a missing id}',
    { path: `/events/${missing}` },
    404,
    'the console shows "Event not found" from a 404 and drops the event from its index',
  )
  await checkProblem(
    ctx,
    'a bad token (GET /events)',
    {
      path: '/events',
      query: { page: 1, pageSize: 1 },
      auth: { bearer: 'doctor.not-a-valid.token' },
    },
    401,
    'the console renews the session or asks for the password only on HTTP 401',
  )
}
