import type { SandboxEnv } from '../http'
import { Hono } from 'hono'
import { lookupLists } from '../../src/api/schemas/lookup-lists'
import { z } from 'zod'
import { authSchema, authWriteSchema } from '../../src/api/schemas/auth'
import { AUTH_KEYS, specOf } from '../../src/api/schemas/auth-fields'
import { AUTH_DATE_ORDER } from '../../src/api/schemas/date-order'
import { authAdjustmentSchema } from '../../src/api/schemas/auth-adjustment'
import { authVbaSchema } from '../../src/api/schemas/auth-vba'
import { batchItemResultSchema } from '../../src/api/schemas/batch-result'
import { debugSchema } from '../../src/api/schemas/envelope'
import { eventSchema, eventWriteSchema } from '../../src/api/schemas/event'
import { eventScheduleSchema } from '../../src/api/schemas/event-schedule'
import {
  passwordPolicySchema,
  passwordPolicyUpdateSchema,
} from '../../src/api/schemas/password-policy'
import { problemSchema } from '../../src/api/schemas/problem'
import { kickResultSchema } from '../../src/api/schemas/session'
import {
  authenticationResultSchema,
  refreshRequestSchema,
  signInResultSchema,
} from '../../src/api/schemas/sign-in'
import { integerOptionSchema, stringOptionSchema } from '../../src/api/schemas/static-option'
import type { SandboxApp } from '../context'

type Json = Record<string, unknown>

/** The contract schemas published as components, by component name. */
const COMPONENT_SCHEMAS: Record<string, z.core.$ZodType> = {
  Event: eventSchema,
  EventWrite: eventWriteSchema,
  EventSchedule: eventScheduleSchema,
  Auth: authSchema,
  AuthWrite: authWriteSchema,
  AuthVba: authVbaSchema,
  AuthAdjustment: authAdjustmentSchema,
  StringOption: stringOptionSchema,
  IntegerOption: integerOptionSchema,
  BatchItemResult: batchItemResultSchema,
  Problem: problemSchema,
  Debug: debugSchema,
  SignInResult: signInResultSchema,
  AuthenticationResult: authenticationResultSchema,
  RefreshRequest: refreshRequestSchema,
  PasswordPolicy: passwordPolicySchema,
  PasswordPolicyUpdate: passwordPolicyUpdateSchema,
  KickResult: kickResultSchema,
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const arrayOf = (name: string) => ({ type: ['array', 'null'], items: ref(name) })

/**
 * JSON Schemas (draft 2020-12) of the contract's zod schemas. They describe the wire form, which
 * is what the schemas parse: their input side (defaults and transforms apply after).
 */
function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of Object.entries(COMPONENT_SCHEMAS)) registry.add(schema, { id })
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  })
  const out: Record<string, Json> = {}
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json
    out[id] = rest
  }
  describeAuthFields(out.Auth!, out.AuthWrite!)
  out.StaticOption = {
    description: 'An entry of a lookup list; `option_Key` is a string or an integer by list.',
    oneOf: [ref('StringOption'), ref('IntegerOption')],
  }
  return out
}

/**
 * What zod cannot say of the Auth fields, from the contract's auth field table: each field's label
 * (`title`), the fields the service stamps itself, and for writes the range of each number and
 * the order of the date ranges (checked by the service after the types).
 */
function describeAuthFields(read: Json, write: Json) {
  const readProps = read.properties as Record<string, Json>
  const writeProps = write.properties as Record<string, Json>
  for (const field of AUTH_KEYS) {
    const spec = specOf(field)
    const notes = spec.stamped
      ? { description: 'Written by the service; a body’s value is ignored.' }
      : {}
    Object.assign(readProps[field]!, { title: spec.label, ...notes })
    Object.assign(writeProps[field]!, { title: spec.label, ...notes })
    if (spec.type === 'number' || spec.type === 'integer')
      Object.assign(writeProps[field]!, { minimum: spec.range.min, maximum: spec.range.max })
  }
  write['x-date-order'] = AUTH_DATE_ORDER
  write.description = `Each range ends on or after its start: ${AUTH_DATE_ORDER.map(
    ([from, thru]) => `\`${thru}\` not before \`${from}\``,
  ).join(', ')}.`
}

/** The envelope every operation answers with, around `data`. */
const envelope = (data: Json) => ({
  type: 'object',
  required: ['debug'],
  properties: {
    data,
    error: { anyOf: [ref('Problem'), { type: 'null' }] },
    debug: ref('Debug'),
  },
})

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  id: string
  summary: string
  tag: string
  params?: string[]
  query?: Json[]
  body?: Json
  data: Json
  /** Problem statuses beyond the common ones (400, 401, 403, 404). */
  errors?: number[]
  contentType?: string
  security?: Json[]
  /** The operation does not read `service-database`. */
  noDatabase?: boolean
  /** Roles of which the caller needs one (`x-roles`; 403 otherwise); absent: everyone signed in. */
  roles?: string[]
  /** Who may call it, when that is not a role (`description`). */
  who?: string
  /** The write needs the version it was made from: of the record, or of each item updating one. */
  versioned?: 'record' | 'items'
}

const VERSION_RULES = {
  record:
    'The body carries the `update_Date` it was read with, exactly as the service gave it: without it 428, with any other value 409 (the problem names the stored one in `currentUpdateDate`).',
  items:
    'Each item that updates a stored record carries the `update_Date` it was read with, exactly as the service gave it: without it that item fails with 428, with any other value with 409; items that create need none.',
}

const AUTH_WRITERS = ['support', 'admin']
const ADMINS = ['admin']

const NULL_DATA = { type: 'null' }

/** Every lookup list of the contract's table but report args (an operation of its own below). */
const LOOKUPS = Object.values(lookupLists)
  .filter((l) => l.path !== '/report-args')
  .map((l): [string, string, 'StringOption' | 'IntegerOption'] => [
    l.path,
    l.title.toLowerCase(),
    l.keyType === 'string' ? 'StringOption' : 'IntegerOption',
  ])

const camel = (text: string) => text.replace(/-+(\w)/g, (_, ch: string) => ch.toUpperCase())

const OPERATIONS: Operation[] = [
  // Sign-in: the identity service's endpoint, beside the business API.
  {
    method: 'post',
    path: '/user-authentication',
    id: 'signIn',
    who: 'Anyone with the API key: no session yet. Failed passwords are throttled per user and address, per address, and by a growing delay per user that a clean address skips (429).',
    summary: 'Sign in with HTTP Basic credentials; returns the tokens of a new session',
    tag: 'Sign-in',
    data: ref('SignInResult'),
    security: [{ apiKeyAuth: [], basicAuth: [] }],
  },
  {
    method: 'post',
    path: '/user-refresh-tokens',
    id: 'refreshTokens',
    who: 'Anyone with the API key and the refresh token of a live session.',
    summary: 'Exchange a refresh token for new tokens of the same session',
    tag: 'Sign-in',
    body: ref('RefreshRequest'),
    data: ref('SignInResult'),
    security: [{ apiKeyAuth: [] }],
    noDatabase: true,
  },
  // 4.1 Auth
  {
    method: 'post',
    path: '/auths',
    id: 'createAuth',
    roles: AUTH_WRITERS,
    summary: 'Create an Auth, returns the generated Auth',
    tag: 'Auths',
    body: ref('AuthWrite'),
    data: ref('Auth'),
    errors: [409, 413],
  },
  {
    method: 'put',
    path: '/auths',
    id: 'upsertAuths',
    versioned: 'items',
    roles: AUTH_WRITERS,
    summary: 'Create or update multiple Auths in one call',
    tag: 'Auths',
    body: { type: 'array', maxItems: 1000, items: ref('AuthWrite') },
    data: arrayOf('BatchItemResult'),
    errors: [413],
  },
  {
    method: 'get',
    path: '/auths/{authNumber}',
    id: 'getAuth',
    summary: 'Get one Auth',
    tag: 'Auths',
    params: ['AuthNumber'],
    data: ref('Auth'),
  },
  {
    method: 'put',
    path: '/auths/{authNumber}',
    id: 'updateAuth',
    versioned: 'record',
    roles: AUTH_WRITERS,
    summary: 'Update one Auth, returns it after changes',
    tag: 'Auths',
    params: ['AuthNumber'],
    body: ref('AuthWrite'),
    data: ref('Auth'),
    errors: [409, 413, 428],
  },
  {
    method: 'delete',
    path: '/auths/{authNumber}',
    id: 'deleteAuth',
    roles: AUTH_WRITERS,
    summary: 'Delete an Auth',
    tag: 'Auths',
    params: ['AuthNumber'],
    data: NULL_DATA,
    errors: [409],
  },
  {
    method: 'get',
    path: '/auths-vba/{authNumber}',
    id: 'getAuthVba',
    summary: 'Get one Auth including custom fields',
    tag: 'Auths',
    params: ['AuthNumber'],
    data: ref('AuthVba'),
  },
  {
    method: 'post',
    path: '/auths/{authNumber}/adjust',
    id: 'adjustAuth',
    roles: AUTH_WRITERS,
    summary: 'Perform an Auth adjustment using the values and flags specified',
    tag: 'Auths',
    params: ['AuthNumber'],
    body: ref('AuthAdjustment'),
    data: ref('Auth'),
    errors: [413],
  },
  {
    method: 'post',
    path: '/auths/{authNumber}/process-status/{newAuthCode}',
    id: 'processAuthStatus',
    roles: AUTH_WRITERS,
    summary: 'Initiate an Auth status change',
    tag: 'Auths',
    params: ['AuthNumber', 'NewAuthCode'],
    data: ref('Auth'),
  },
  // 4.2 Session and password policy
  {
    method: 'post',
    path: '/logout',
    id: 'logout',
    summary: "End the current user's session",
    tag: 'Sessions',
    data: NULL_DATA,
  },
  {
    method: 'post',
    path: '/kick/{userId}',
    id: 'kickUser',
    roles: ADMINS,
    summary: 'Forcibly end the session of the given user',
    tag: 'Sessions',
    params: ['UserId'],
    data: ref('KickResult'),
  },
  {
    method: 'post',
    path: '/kick',
    id: 'kickLongest',
    roles: ADMINS,
    summary: 'Forcibly end the session of the user logged in the longest',
    tag: 'Sessions',
    data: ref('KickResult'),
  },
  {
    method: 'get',
    path: '/password-policy',
    id: 'getPasswordPolicy',
    who: 'Everyone signed in may read it (it holds no secret: the console shows the rules a password must meet); only admins change it.',
    summary: "Get the identity provider's current password policy",
    tag: 'Sessions',
    data: ref('PasswordPolicy'),
  },
  {
    method: 'put',
    path: '/password-policy',
    id: 'updatePasswordPolicy',
    roles: ADMINS,
    summary: 'Update that password policy',
    tag: 'Sessions',
    body: ref('PasswordPolicyUpdate'),
    data: ref('PasswordPolicy'),
    errors: [413],
  },
  // 4.3 Events
  {
    method: 'post',
    path: '/events',
    id: 'createEvent',
    summary: 'Create an event',
    tag: 'Events',
    body: ref('EventWrite'),
    data: ref('Event'),
    errors: [409, 413],
  },
  {
    method: 'get',
    path: '/events',
    id: 'listEvents',
    summary: 'List all events, a page at a time',
    tag: 'Events',
    query: [
      { name: 'page', in: 'query', description: 'page number', schema: { type: 'integer' } },
      { name: 'pageSize', in: 'query', description: 'page size', schema: { type: 'integer' } },
      {
        name: 'sortBy',
        in: 'query',
        description:
          'comma-separated sort fields, each optionally followed by `:asc` or `:desc` ' +
          '(ascending by default), e.g. `Property1:desc,Property2:asc`',
        schema: { type: 'string' },
      },
    ],
    data: arrayOf('Event'),
    contentType: 'text/plain',
  },
  {
    method: 'get',
    path: '/events/{eventID}',
    id: 'getEvent',
    summary: 'Get an event',
    tag: 'Events',
    params: ['EventID'],
    data: ref('Event'),
  },
  {
    method: 'put',
    path: '/events/{eventID}',
    id: 'updateEvent',
    versioned: 'record',
    summary: 'Update an event',
    tag: 'Events',
    params: ['EventID'],
    body: ref('EventWrite'),
    data: ref('Event'),
    errors: [409, 413, 428],
  },
  {
    method: 'delete',
    path: '/events/{eventID}',
    id: 'deleteEvent',
    who: 'Whoever entered the event (its `entry_User`) or an admin; anyone else gets 403, its assigned user included.',
    summary: 'Delete an event',
    tag: 'Events',
    params: ['EventID'],
    data: NULL_DATA,
  },
  {
    method: 'put',
    path: '/events-batch',
    id: 'upsertEvents',
    versioned: 'items',
    summary:
      'Create or update multiple events; an existing entity is updated, a missing one is created',
    tag: 'Events',
    body: { type: 'array', maxItems: 1000, items: ref('EventWrite') },
    data: arrayOf('BatchItemResult'),
    errors: [413],
  },
  {
    method: 'get',
    path: '/users/{userId}/events',
    id: 'listUserEvents',
    summary: 'List active events of the given user',
    tag: 'Events',
    params: ['UserId'],
    data: arrayOf('Event'),
  },
  {
    method: 'post',
    path: '/events/{eventID}/reschedule',
    id: 'rescheduleEvent',
    summary: 'Reschedule an event',
    tag: 'Events',
    params: ['EventID'],
    data: ref('Event'),
  },
  {
    method: 'get',
    path: '/events/{eventID}/schedules',
    id: 'listEventSchedules',
    summary: 'List the schedules of an event',
    tag: 'Events',
    params: ['EventID'],
    data: arrayOf('EventSchedule'),
  },
  {
    method: 'post',
    path: '/events/{eventID}/schedules/{scheduleId}/next',
    id: 'nextScheduledDate',
    summary: 'Move the event to the next scheduled date of the given schedule',
    tag: 'Events',
    params: ['EventID', 'ScheduleId'],
    data: ref('EventSchedule'),
  },
  {
    method: 'post',
    path: '/events/{eventID}/snooze',
    id: 'snoozeEvent',
    summary: 'Snooze an event',
    tag: 'Events',
    params: ['EventID'],
    query: [
      {
        name: 'snoozeDuration',
        in: 'query',
        description: 'snooze duration; available durations come from `GET /snoozes`',
        schema: { type: 'string', default: 'SNOOZE_15_MIN' },
      },
    ],
    data: ref('Event'),
  },
  {
    method: 'get',
    path: '/report-args',
    id: 'listReportArgs',
    summary: 'List report args',
    tag: 'Lookups',
    data: arrayOf('StringOption'),
  },
  ...LOOKUPS.map(([path, what, option]): Operation => ({
    method: 'get',
    path,
    id: `list${camel(`-${path.slice(1)}`)}`,
    summary: `List ${what}`,
    tag: 'Lookups',
    data: arrayOf(option),
  })),
]

const PROBLEM_RESPONSES: Record<number, [string, string]> = {
  400: ['BadRequest', 'Invalid request: a field, parameter or header is wrong or missing'],
  401: ['Unauthorized', 'No valid bearer token, or its session has ended'],
  403: ['Forbidden', 'No valid API key, or the caller lacks the role'],
  404: ['NotFound', 'No such operation, resource or database'],
  409: ['Conflict', 'The change conflicts with stored data'],
  413: ['ContentTooLarge', 'The body is larger than 1 MB, or a batch has too many items'],
  428: [
    'PreconditionRequired',
    'The write does not carry the update_Date of the version it was made from',
  ],
}

function operationObject(op: Operation): Json {
  const parameters: Json[] = [
    ...(op.params ?? []).map((name) => ({ $ref: `#/components/parameters/${name}` })),
    ...(op.query ?? []),
    ...(op.noDatabase ? [] : [{ $ref: '#/components/parameters/ServiceDatabase' }]),
  ]
  const responses: Json = {
    '200': {
      description: 'Success',
      content: { [op.contentType ?? 'application/json']: { schema: envelope(op.data) } },
    },
  }
  for (const status of [400, 401, 403, 404, ...(op.errors ?? [])]) {
    const [name] = PROBLEM_RESPONSES[status] as [string, string]
    responses[String(status)] = { $ref: `#/components/responses/${name}` }
  }
  const who: string = op.roles
    ? `Needs the ${op.roles.join(' or ')} role (403 otherwise).`
    : (op.who ?? 'Everyone signed in.')
  const description = op.versioned ? `${who} ${VERSION_RULES[op.versioned]}` : who
  return {
    operationId: op.id,
    summary: op.summary,
    description,
    ...(op.roles ? { 'x-roles': op.roles } : {}),
    tags: [op.tag],
    parameters,
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } }
      : {}),
    responses,
    ...(op.security ? { security: op.security } : {}),
  }
}

/** Builds the OpenAPI 3.1 document of the sandbox from the contract's zod schemas. */
export function buildOpenApiDocument(): Json {
  const paths: Record<string, Json> = {}
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op)
  paths['/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document (no envelope, no credentials)',
      tags: ['Meta'],
      security: [],
      responses: { '200': { description: 'The OpenAPI document' } },
    },
  }
  const responses: Record<string, Json> = {}
  for (const [name, description] of Object.values(PROBLEM_RESPONSES))
    responses[name] = {
      description,
      content: { 'application/json': { schema: envelope({ type: 'null' }) } },
    }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Health-Benefits Administration Service (sandbox)',
      version: 'v1',
      description:
        'Auths, sessions and password policy, and events, as implemented by the local sandbox. ' +
        'Every operation answers with the envelope `{ data, error, debug }`; problems carry ' +
        'RFC 9457 problem details in `error`, whose `status` equals the HTTP status.',
    },
    servers: [{ url: '/api' }],
    security: [{ apiKeyAuth: [], bearerAuth: [] }],
    tags: ['Sign-in', 'Auths', 'Sessions', 'Events', 'Lookups', 'Meta'].map((name) => ({ name })),
    paths,
    components: {
      schemas: componentSchemas(),
      parameters: {
        ServiceDatabase: {
          name: 'service-database',
          in: 'header',
          required: true,
          description: 'The target database',
          schema: { type: 'string' },
        },
        AuthNumber: {
          name: 'authNumber',
          in: 'path',
          required: true,
          description: 'Auth number, such as 26-004512',
          schema: { type: 'string' },
        },
        NewAuthCode: {
          name: 'newAuthCode',
          in: 'path',
          required: true,
          description:
            'The auth code to change to: A (Approved), P (Pended), D (Denied), C (Closed)',
          schema: { type: 'string' },
        },
        EventID: {
          name: 'eventID',
          in: 'path',
          required: true,
          description: 'Event ID',
          schema: { type: 'integer', format: 'int32' },
        },
        ScheduleId: {
          name: 'scheduleId',
          in: 'path',
          required: true,
          description: 'Schedule ID, from `GET /events/{eventID}/schedules`',
          schema: { type: 'integer', format: 'int32' },
        },
        UserId: {
          name: 'userId',
          in: 'path',
          required: true,
          description: 'User ID',
          schema: { type: 'string' },
        },
      },
      responses,
      securitySchemes: {
        apiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The ID token from `POST /user-authentication`',
        },
        basicAuth: { type: 'http', scheme: 'basic', description: 'Sign-in credentials' },
      },
    },
  }
}

let cached: string | undefined

/** `GET /api/openapi.json`: public, and the plain document (it is not an operation). */
export function openApiRoutes(): SandboxApp {
  const app: SandboxApp = new Hono<SandboxEnv>()
  app.get('/openapi.json', (c) => {
    cached ??= JSON.stringify(buildOpenApiDocument())
    return c.body(cached, 200, { 'content-type': 'application/json; charset=utf-8' })
  })
  return app
}
