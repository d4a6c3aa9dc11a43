import type { DoctorContext, RequestSpec } from '../context'

/**
 * CORS for the console's origin (`--origin`): the browser's preflight for each method the
 * console uses with the headers it sends, and `Access-Control-Allow-Origin` on real answers,
 * errors included (without it the console cannot read a 401 and cannot renew the session).
 */

const HEADERS = ['authorization', 'content-type', 'service-database', 'x-api-key']
const METHODS = ['GET', 'POST', 'PUT', 'DELETE']

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)

function originAllowed(headers: Headers, origin: string): string | undefined {
  const allowed = headers.get('access-control-allow-origin')
  if (allowed === null) return 'no Access-Control-Allow-Origin'
  if (allowed !== '*' && allowed !== origin) return `Access-Control-Allow-Origin is another origin`
  return undefined
}

export async function checkCors(ctx: DoctorContext): Promise<void> {
  const origin = ctx.options.origin
  if (ctx.options.consoleServer) {
    // The console then calls /api and /console-api on its own origin: the browser asks nothing.
    ctx.add(
      'cors',
      'CORS',
      'SKIP',
      "the console's origin allowed",
      'the console reaches the service through its server (--console-server), on its own origin: no CORS is needed (see console-server below)',
    )
    return
  }
  if (!origin) {
    ctx.add(
      'cors',
      'CORS',
      'SKIP',
      "the console's origin allowed",
      "no --origin given: pass the console's origin (e.g. --origin https://console.example.org) to check CORS",
    )
    return
  }
  for (const method of METHODS) {
    const answer = await ctx.request({
      method: 'OPTIONS',
      path: '/events',
      auth: 'none',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': HEADERS.join(','),
        accept: '*/*',
        'x-api-key': null,
        'service-database': null,
      },
    })
    const expected = `2xx allowing ${origin}, ${method} and the headers ${HEADERS.join(', ')}`
    if (!answer.ok) {
      ctx.add('cors', `preflight OPTIONS for ${method}`, 'FAIL', expected, answer.message)
      continue
    }
    const problems: string[] = []
    if (answer.status >= 300 && answer.status < 400)
      problems.push('a redirect, which browsers do not follow for a preflight')
    else if (answer.status < 200 || answer.status >= 300) problems.push('not a 2xx')
    const originProblem = originAllowed(answer.headers, origin)
    if (originProblem) problems.push(originProblem)
    const allowMethods = answer.headers.get('access-control-allow-methods')
    const methods = list(allowMethods)
    // GET and POST are allowed without being listed (CORS-safelisted methods).
    const safelisted = ['GET', 'POST'].includes(method)
    if (!safelisted && allowMethods === null) problems.push('no Access-Control-Allow-Methods')
    else if (!safelisted && !methods.includes('*') && !methods.includes(method.toLowerCase()))
      problems.push(`Access-Control-Allow-Methods does not list ${method}`)
    const allowHeaders = answer.headers.get('access-control-allow-headers')
    const headers = list(allowHeaders)
    // `*` does not cover authorization (Fetch standard).
    const missing = HEADERS.filter(
      (h) => !headers.includes(h) && !(headers.includes('*') && h !== 'authorization'),
    )
    if (allowHeaders === null) problems.push('no Access-Control-Allow-Headers')
    else if (missing.length > 0)
      problems.push(`Access-Control-Allow-Headers lacks ${missing.join(', ')}`)
    ctx.add(
      'cors',
      `preflight OPTIONS for ${method}`,
      problems.length === 0 ? 'PASS' : 'FAIL',
      expected,
      `HTTP ${answer.status}; ${problems.length === 0 ? 'all allowed' : problems.join('; ')}`,
      problems.length === 0 ? [] : ["the browser will refuse the console's requests"],
    )
  }
  const actual: [string, RequestSpec][] = [
    ['GET /events', { path: '/events', query: { page: 1, pageSize: 1 } }],
    [
      'a 401 answer',
      {
        path: '/events',
        query: { page: 1, pageSize: 1 },
        auth: { bearer: 'doctor.not-a-valid.token' },
      },
    ],
  ]
  for (const [name, spec] of actual) {
    const answer = await ctx.request({ ...spec, headers: { origin } })
    const expected = `Access-Control-Allow-Origin: ${origin} (or *)`
    if (!answer.ok) {
      ctx.add('cors', `actual answer to ${name}`, 'FAIL', expected, answer.message)
      continue
    }
    const problem = originAllowed(answer.headers, origin)
    ctx.add(
      'cors',
      `actual answer to ${name}`,
      problem ? 'FAIL' : 'PASS',
      expected,
      problem ? `HTTP ${answer.status}, ${problem}` : `HTTP ${answer.status}, allowed`,
      problem && name === 'a 401 answer'
        ? ['without it the console cannot see the 401 and renew the session']
        : [],
    )
  }
}
