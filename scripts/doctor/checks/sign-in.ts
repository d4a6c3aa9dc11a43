import {
  signInResultSchema,
  tokenClaimsSchema,
  type TokenClaims,
} from '../../../src/api/schemas/sign-in'
import { describeStatus, is2xx, readEnvelope, type DoctorContext } from '../context'
import { checkOperation } from './operation'

/** The token's claims as the console reads them (unverified), or null for an opaque token. */
export function readClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1]
  if (!payload || token.split('.').length !== 3) return null
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    const parsed = tokenClaimsSchema.safeParse(json)
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Sign-in (`POST /user-authentication`, HTTP Basic) or the given token, then the token's shape. */
export async function checkSignIn(ctx: DoctorContext): Promise<void> {
  const { username, password, token } = ctx.secrets
  if (token) {
    ctx.add(
      'sign-in',
      'POST /user-authentication',
      'SKIP',
      'tokens for a username and password',
      'a token was given (DOCTOR_TOKEN or pasted): sign-in not tried',
    )
    ctx.token = token
  } else if (username && password) {
    const result = await checkOperation(ctx, {
      group: 'sign-in',
      name: 'POST /user-authentication',
      request: {
        method: 'POST',
        path: '/user-authentication',
        auth: { basic: { username, password } },
      },
      schema: signInResultSchema,
      expect: '{ challengeName, session, authenticationResult: { idToken, … } }',
    })
    // Data the console's schema refuses is a failed sign-in for the console too.
    if (!result?.valid) return
    const data = result.data as {
      challengeName?: unknown
      authenticationResult?: Record<string, unknown> | null
    }
    const tokens = data.authenticationResult
    if (!tokens) {
      const challenge =
        typeof data.challengeName === 'string' ? ` (challengeName ${data.challengeName})` : ''
      ctx.add(
        'sign-in',
        'tokens',
        'FAIL',
        'authenticationResult with an idToken',
        `no authenticationResult${challenge}: the identity provider wants another step, which the console cannot take`,
      )
      return
    }
    const missing = ['refreshToken', 'expiresIn'].filter(
      (k) => tokens[k] === undefined || tokens[k] === null,
    )
    ctx.add(
      'sign-in',
      'tokens',
      missing.length > 0 ? 'WARN' : 'PASS',
      'idToken, refreshToken, expiresIn',
      missing.length > 0 ? `no ${missing.join(', ')}` : 'all three',
      missing.includes('refreshToken')
        ? ['without a refresh token the console asks for the password again when the token expires']
        : [],
    )
    ctx.token = String(tokens.idToken)
    ctx.userId = username
  } else return

  const claims = readClaims(ctx.token)
  if (!claims) {
    ctx.add(
      'sign-in',
      'ID token',
      'WARN',
      'a JWT whose claims name sub (and exp, roles)',
      'an opaque token (or claims without sub)',
      [
        'the console then cannot show who is signed in, renew ahead of expiry, or hide what their roles do not allow',
      ],
    )
    return
  }
  ctx.userId ??= claims.sub
  const now = Date.now() / 1000
  const details = [
    `claims present: ${Object.keys(claims)
      .filter((k) => ['sub', 'sid', 'roles', 'name', 'iat', 'exp', 'db'].includes(k))
      .join(', ')}`,
  ]
  if (claims.roles) details.push(`roles: ${claims.roles.join(', ') || '(none)'}`)
  if (claims.exp !== undefined && claims.exp <= now) {
    ctx.add(
      'sign-in',
      'ID token',
      'FAIL',
      'a token that has not expired',
      `a token that expired ${Math.round((now - claims.exp) / 60)} min ago`,
      details,
    )
    ctx.token = undefined
    return
  }
  if (claims.exp !== undefined)
    details.push(`expires in ${Math.round((claims.exp - now) / 60)} min`)
  const outcome = claims.exp === undefined ? 'WARN' : 'PASS'
  if (outcome === 'WARN')
    details.push('no exp claim: the console cannot renew the token ahead of expiry')
  ctx.add(
    'sign-in',
    'ID token',
    outcome,
    'a JWT whose claims name sub and exp',
    'a JWT with sub' + (claims.exp ? ' and exp' : ''),
    details,
  )
}

/** The console's headers are accepted together, and `service-database` is not ignored. */
export async function checkHeaders(ctx: DoctorContext): Promise<void> {
  const sent =
    'authorization: Bearer, x-api-key, service-database, accept and content-type: application/json'
  const answer = await ctx.request({
    path: '/priorities',
    headers: { 'content-type': 'application/json' },
  })
  // Only acceptance is judged here: the answer's shape is the reads' concern.
  const read = readEnvelope(answer)
  const problem = read.ok ? read.value.error : undefined
  ctx.add(
    'headers',
    "the console's request headers",
    answer.ok && is2xx(answer.status) ? 'PASS' : 'FAIL',
    `HTTP 2xx for GET /priorities with ${sent}`,
    answer.ok ? describeStatus(answer.status, problem) : answer.message,
  )
  const other = await ctx.request({
    path: '/priorities',
    headers: { 'service-database': `doctor-no-such-database-${process.pid}` },
  })
  if (!other.ok) return
  const otherRead = readEnvelope(other)
  const error = otherRead.ok ? otherRead.value.error : undefined
  const ignored =
    is2xx(other.status) &&
    otherRead.ok &&
    error === undefined &&
    Array.isArray(otherRead.value.data)
  ctx.add(
    'headers',
    'service-database is honoured',
    ignored ? 'WARN' : 'PASS',
    'a refusal for a database that does not exist',
    ignored
      ? `HTTP ${other.status} with data: the header seems ignored, so switching database in the console may change nothing`
      : describeStatus(other.status, error),
  )
}

/** Ends the session the doctor opened (`POST /logout`), so none is left behind. */
export async function signOut(ctx: DoctorContext): Promise<void> {
  if (ctx.secrets.token || !ctx.token) return
  const answer = await ctx.request({ method: 'POST', path: '/logout' })
  const read = readEnvelope(answer)
  const ok = read.ok && is2xx(read.value.received.status)
  ctx.add(
    'sign-in',
    'POST /logout',
    ok ? 'PASS' : 'WARN',
    "HTTP 2xx: the doctor's session ends",
    read.ok ? describeStatus(read.value.received.status, read.value.error) : read.got,
    ok ? [] : ['the console signs out with it; the session would stay open until it expires'],
  )
}
