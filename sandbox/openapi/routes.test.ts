import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authFields } from '../../src/api/schemas/auth'
import { AUTH_KEYS, specOf } from '../../src/api/schemas/auth-fields'
import { AUTH_DATE_ORDER } from '../../src/api/schemas/date-order'
import { eventFields } from '../../src/api/schemas/event'
import { startTestSandbox, type TestSandbox } from '../testing'

/** Every path of the service's API, plus sign-in and the event-schedule listing. */
const SERVICE_PATHS: [string, string][] = [
  ['post', '/auths'],
  ['put', '/auths'],
  ['get', '/auths/{authNumber}'],
  ['put', '/auths/{authNumber}'],
  ['delete', '/auths/{authNumber}'],
  ['get', '/auths-vba/{authNumber}'],
  ['post', '/auths/{authNumber}/adjust'],
  ['post', '/auths/{authNumber}/process-status/{newAuthCode}'],
  ['post', '/logout'],
  ['post', '/kick/{userId}'],
  ['post', '/kick'],
  ['get', '/password-policy'],
  ['put', '/password-policy'],
  ['post', '/events'],
  ['get', '/events'],
  ['get', '/events/{eventID}'],
  ['put', '/events/{eventID}'],
  ['delete', '/events/{eventID}'],
  ['put', '/events-batch'],
  ['get', '/users/{userId}/events'],
  ['post', '/events/{eventID}/reschedule'],
  ['post', '/events/{eventID}/schedules/{scheduleId}/next'],
  ['post', '/events/{eventID}/snooze'],
  ['get', '/report-args'],
  ['get', '/claim-invoice-statuses'],
  ['get', '/schedule-intervals'],
  ['get', '/schedule-interval-options'],
  ['get', '/schedule-interval-end-options'],
  ['get', '/days-of-week'],
  ['get', '/months-of-year'],
  ['get', '/event-actions'],
  ['get', '/schedule-actions'],
  ['get', '/durations'],
  ['get', '/priorities'],
  ['get', '/snoozes'],
  ['post', '/user-authentication'],
  ['post', '/user-refresh-tokens'],
  ['get', '/events/{eventID}/schedules'],
]

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

let sb: TestSandbox
let doc: Json
let response: Response

beforeAll(async () => {
  sb = await startTestSandbox()
  // Public: no API key, no token, no database.
  response = await sb.fetch(`${sb.baseUrl}/openapi.json`)
  doc = (await response.json()) as Json
})
afterAll(async () => {
  await sb.close()
})

/** Follows a local `$ref` such as `#/components/parameters/ServiceDatabase`. */
const deref = (node: Json): Json =>
  node.$ref
    ? deref(
        (node.$ref as string)
          .slice(2)
          .split('/')
          .reduce((at: Json, key) => at[key], doc),
      )
    : node

describe('GET /api/openapi.json', () => {
  it('is a public OpenAPI 3.1 JSON document, not an envelope', () => {
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('v1')
    expect(doc).not.toHaveProperty('data')
    expect(doc.servers).toEqual([{ url: '/api' }])
  })

  it('resolves every $ref it uses', () => {
    const refs: string[] = []
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk)
      else if (node && typeof node === 'object') {
        const ref = (node as Json).$ref
        if (typeof ref === 'string') refs.push(ref)
        Object.values(node).forEach(walk)
      }
    }
    walk(doc)
    expect(refs.length).toBeGreaterThan(100)
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\/components\//)
      expect(deref({ $ref: ref }), ref).toBeDefined()
    }
  })

  it("has every path of the service's API, sign-in and the schedule listing", () => {
    for (const [method, path] of SERVICE_PATHS) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined()
    }
  })

  it('documents exactly the routes the app serves: none undocumented, none missing', () => {
    // Hono's ':param' is OpenAPI's '{param}'; the middleware ('ALL' and '*') is not a route.
    const served = new Set(
      sb.sandbox.app.routes
        .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
        .map((r) => `${r.method} ${r.path.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`),
    )
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Json>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    )
    expect([...served].filter((r) => !documented.has(r)).sort(), 'served, not documented').toEqual(
      [],
    )
    expect([...documented].filter((r) => !served.has(r)).sort(), 'documented, not served').toEqual(
      [],
    )
    expect(served.size).toBeGreaterThan(SERVICE_PATHS.length)
  })

  it('declares the security schemes, required on every service operation', () => {
    expect(doc.components.securitySchemes.apiKeyAuth).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    })
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    expect(doc.security).toEqual([{ apiKeyAuth: [], bearerAuth: [] }])
    expect(doc.paths['/user-authentication'].post.security).toEqual([
      { apiKeyAuth: [], basicAuth: [] },
    ])
  })

  it('says who may call each operation, as the service enforces it', async () => {
    const staff = (await sb.signIn('staff')).idToken
    const withRoles: string[] = []
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Json>))
      for (const [method, op] of Object.entries(ops as Record<string, Json>)) {
        if (path === '/openapi.json') continue
        expect(op.description, `${method} ${path}`).toEqual(expect.any(String))
        const roles = op['x-roles'] as string[] | undefined
        if (!roles) continue
        expect(op.description).toContain(`Needs the ${roles.join(' or ')} role`)
        if (roles.includes('staff')) continue
        withRoles.push(`${method} ${path}`)
        const concrete = path
          .replace('{authNumber}', '26-000001')
          .replace('{userId}', 'support')
          .replace('{newAuthCode}', 'A')
        const res = await sb.call(method.toUpperCase(), concrete, { token: staff, body: {} })
        expect(res.status, `${method} ${path} as staff`).toBe(403)
      }
    expect(withRoles).toContain('put /password-policy')
    expect(withRoles).toContain('post /kick')
    // Reading the password policy is for everyone signed in.
    const policy = doc.paths['/password-policy'].get
    expect(policy['x-roles']).toBeUndefined()
    expect(policy.description).toMatch(/^Everyone signed in may read it/)
    expect((await sb.call('GET', '/password-policy', { token: staff })).status).toBe(200)
  })

  it('says which writes need the version they were made from (428 without it, 409 otherwise)', () => {
    for (const path of ['/events/{eventID}', '/auths/{authNumber}']) {
      const op = doc.paths[path].put
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '428']))
      expect(op.description).toMatch(/`update_Date` it was read with.*428.*409/)
    }
    for (const path of ['/events-batch', '/auths'])
      expect(doc.paths[path].put.description).toMatch(/Each item that updates.*428.*409/)
    expect(doc.components.responses.PreconditionRequired.description).toMatch(/update_Date/)
  })

  it('takes the service-database header on every operation that reads it', () => {
    const header = doc.components.parameters.ServiceDatabase
    expect(header).toMatchObject({ name: 'service-database', in: 'header', required: true })
    for (const [method, path] of SERVICE_PATHS) {
      if (path === '/user-refresh-tokens') continue
      const names = (doc.paths[path][method].parameters as Json[]).map((p) => deref(p).name)
      expect(names, `${method} ${path}`).toContain('service-database')
      for (const name of path.match(/\{(\w+)\}/g) ?? [])
        expect(names, `${method} ${path}`).toContain(name.slice(1, -1))
    }
  })

  it('generates the components from the contract schemas', () => {
    const { schemas } = doc.components
    for (const name of [
      'Event',
      'Auth',
      'AuthVba',
      'AuthAdjustment',
      'EventSchedule',
      'StringOption',
      'IntegerOption',
      'StaticOption',
      'BatchItemResult',
      'Problem',
      'SignInResult',
      'PasswordPolicy',
    ])
      expect(schemas[name], name).toBeDefined()

    expect(Object.keys(schemas.Event.properties)).toEqual(eventFields)
    expect(eventFields).toHaveLength(25)
    expect([...schemas.Event.required].sort()).toEqual(
      ['claim_Audit_Event', 'event_ID', 'process_Automation_Event', 'reminder'].sort(),
    )
    expect(schemas.Event.properties.event_ID.type).toBe('integer')
    expect(Object.keys(schemas.Auth.properties)).toEqual(authFields)
    expect([...schemas.Auth.required].sort()).toEqual(
      [
        'closed',
        'new_Or_Extended',
        'previous_Treatment',
        'tPlan_DownLoaded',
        'tPlan_Printed',
        'urgent',
      ].sort(),
    )
    expect(schemas.AuthVba.properties.authDetail).toEqual({ $ref: '#/components/schemas/Auth' })
    expect(schemas.StringOption.properties.option_Key.type).toBe('string')
    expect(schemas.IntegerOption.properties.option_Key.type).toBe('integer')
    expect(schemas.AuthAdjustment.required).toEqual(
      expect.arrayContaining(['auth_Number', 'recalcIBNR', 'copyProcCodes', 'copyDiagCodes']),
    )
  })

  it('wraps every answer in the envelope, with the operation data inside', () => {
    const schema =
      doc.paths['/auths/{authNumber}'].get.responses['200'].content['application/json'].schema
    expect(schema.properties.data).toEqual({ $ref: '#/components/schemas/Auth' })
    expect(schema.properties.debug).toEqual({ $ref: '#/components/schemas/Debug' })
    expect(schema.required).toEqual(['debug'])
    const list = doc.paths['/events'].get.responses['200'].content
    expect(Object.keys(list)).toEqual(['text/plain'])
    const unauthorized = deref(doc.paths['/events'].get.responses['401'])
    expect(unauthorized.content['application/json'].schema.properties.error).toBeDefined()
  })
})

describe('the Auth components', () => {
  it('say what the auth field table says of each field', () => {
    const { Auth, AuthWrite } = doc.components.schemas as Record<string, Json>
    expect(Object.keys(Auth!.properties)).toEqual(AUTH_KEYS)
    expect(Object.keys(AuthWrite!.properties)).toEqual(AUTH_KEYS)
    for (const field of AUTH_KEYS) {
      const spec = specOf(field)
      const read = Auth!.properties[field] as Json
      const write = AuthWrite!.properties[field] as Json
      expect(read.title, field).toBe(spec.label)
      expect(write.title, field).toBe(spec.label)
      expect(Auth!.required.includes(field), field).toBe(spec.required === true)
      expect(AuthWrite!.required.includes(field), field).toBe(spec.required === true)
      if (spec.type === 'text')
        expect(JSON.stringify(write), field).toContain(`"maxLength":${spec.max}`)
      if (spec.type === 'number' || spec.type === 'integer')
        expect(write, field).toMatchObject({ minimum: spec.range.min, maximum: spec.range.max })
      else expect(write, field).not.toHaveProperty('minimum')
      expect(read, field).not.toHaveProperty('minimum')
      expect(JSON.stringify(read), field).toContain(
        {
          text: 'string',
          date: 'string',
          number: 'number',
          integer: 'integer',
          boolean: 'boolean',
        }[spec.type],
      )
    }
    expect(AuthWrite!['x-date-order']).toEqual(AUTH_DATE_ORDER)
  })
})
