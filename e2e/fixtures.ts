import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test'
import type { Event } from '../src/api/schemas/event'

export const DEMO_PASSWORD = 'Sandbox!2026'
export const API_KEY = 'sandbox-key'
export type DemoUser = 'admin' | 'staff' | 'support' | 'compliance'

/** An event as the service stores it (the contract's own type). */
export type ServiceEvent = Event

/**
 * Fills the API key when the sign-in page asks for it: it does not when the console's own server
 * holds the key (the main suite runs with one; the direct project without).
 */
export async function fillApiKeyIfAsked(page: Page) {
  await page.getByLabel('Username').waitFor()
  const key = page.getByLabel('API key')
  if ((await key.count()) > 0) await key.fill(API_KEY)
}

/** Signs in through the sign-in page, as a user would. */
export async function signIn(page: Page, user: DemoUser, options: { database?: string } = {}) {
  await page.goto('/sign-in')
  await fillApiKeyIfAsked(page)
  if (options.database) await page.getByLabel('Database').fill(options.database)
  await page.getByLabel('Username').fill(user)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // The account menu is in the header at every width (the navigation folds away when narrow).
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible()
}

/**
 * Has the page's next loads answer the views from the tab's own index of the whole plan (the
 * runtime config's `eventIndex: "browser"`), not the console server: for the tests of the index.
 */
export async function browserIndex(page: Page, extra: Record<string, unknown> = {}) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch()
    const config = (await response.json()) as Record<string, unknown>
    await route.fulfill({ response, json: { ...config, eventIndex: 'browser', ...extra } })
  })
}

/** Signs out from the account menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account: / }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
}

/** The last bearer token each page sent to the service (the console keeps tokens in memory). */
const bearerOf = new WeakMap<Page, string>()

/** Follows the bearer token of every page of a browser context, as it goes out in requests. */
export function trackBearerTokens(context: BrowserContext) {
  context.on('request', (request) => {
    const header = request.headers()['authorization']
    if (!header?.startsWith('Bearer ') || !request.url().includes('/api/')) return
    try {
      const page = request.frame().page()
      bearerOf.set(page, header.slice('Bearer '.length))
    } catch {
      // a worker's request: the page's own requests carry the same token
    }
  })
}

/**
 * The bearer token of the page's session: the one its latest request to the service carried.
 * The console never puts a token in storage, so it is read off the wire, as a proxy would.
 */
export async function sessionToken(page: Page): Promise<string> {
  await expect
    .poll(() => bearerOf.get(page) ?? null, { message: 'No request with a token from this page' })
    .not.toBeNull()
  return bearerOf.get(page)!
}

/** Calls the sandbox directly over HTTP, as another client of the service would. */
export async function callService(
  page: Page,
  method: string,
  path: string,
  token: string,
  database = 'demo',
  body?: unknown,
) {
  const send = () =>
    page.request.fetch(`/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-api-key': API_KEY,
        'service-database': database,
      },
      ...(body === undefined ? {} : { data: body }),
    })
  // A kept-alive connection the server closed as the read went out: a read is asked again, as
  // any client would (a write is not: it may have been received).
  const response = await send().catch((error: unknown) => {
    if (method === 'GET' && /ECONNRESET/.test(String(error))) return send()
    throw error
  })
  return { status: response.status(), body: (await response.json()) as { data: unknown } }
}

/** Signs `user` in over HTTP (another device), for acting on the service directly. */
export async function serviceToken(page: Page, user: string, database = 'demo') {
  const response = await page.request.post('/api/user-authentication', {
    headers: {
      authorization: `Basic ${Buffer.from(`${user}:${DEMO_PASSWORD}`).toString('base64')}`,
      'x-api-key': API_KEY,
      'service-database': database,
    },
  })
  const body = (await response.json()) as { data: { authenticationResult: { idToken: string } } }
  return body.data.authenticationResult.idToken
}

/** Calls the service with the page's own session, with a JSON body when given. */
export async function service<T = ServiceEvent>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
) {
  const { status, body: json } = await callService(
    page,
    method,
    path,
    await sessionToken(page),
    'demo',
    body,
  )
  return { status, data: json.data as T }
}

/**
 * The service's clock, as the tests and the browser see it. The sandbox may run on another day
 * (`SANDBOX_TODAY`); every expectation about "now" is computed from this clock, never from the
 * test machine's, and in the date matrix the browser's clock is set to it too.
 */
export interface ServiceClock {
  now(): Date
}

async function readServiceClock(request: APIRequestContext): Promise<ServiceClock> {
  const response = await request.get('/api/')
  // The sandbox's own answer (an envelope with an activity ID), not a proxy's or a 503 page,
  // whose Date header would be the test machine's clock.
  const body = (await response.json().catch(() => null)) as {
    debug?: { activityID?: string }
  } | null
  if (!body?.debug?.activityID) throw new Error(`The service did not answer (${response.status()})`)
  const said = Date.parse(response.headers()['date'] ?? '')
  if (Number.isNaN(said)) throw new Error('The service sent no Date header')
  // The header has whole seconds: the service's time is up to a second past what it says.
  const offset = said + 500 - Date.now()
  return { now: () => new Date(Date.now() + offset) }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A local wall-clock date in the service's form (`2026-11-24T10:30:00`). */
export function serviceText(d: Date): string {
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:00`
  )
}

/** A local wall-clock date `minutes` from the service's now, in the service's form. */
export const serviceDate = (clock: ServiceClock, minutes: number) =>
  serviceText(new Date(clock.now().getTime() + minutes * 60_000))

/** How many minutes from the service's now a service date is. */
export const minutesFromNow = (clock: ServiceClock, text: string | null | undefined) =>
  text ? (new Date(text).getTime() - clock.now().getTime()) / 60_000 : NaN

let counter = 0
/** Creates an event for the test on the service (open, normal, staff's unless told) and returns it. */
/** Every event of the service, in ID order, read a page of 1,000 at a time. */
export async function everyEvent(page: Page): Promise<ServiceEvent[]> {
  const all: ServiceEvent[] = []
  for (let n = 1; ; n++) {
    const { data } = await service<ServiceEvent[]>(
      page,
      'GET',
      `/events?page=${n}&pageSize=1000&sortBy=event_ID:asc`,
    )
    all.push(...data)
    if (data.length < 1000) return all
  }
}

export async function createEvent(page: Page, fields: Partial<ServiceEvent> = {}) {
  counter += 1
  const { status, data } = await service<ServiceEvent & { subject: string }>(
    page,
    'POST',
    '/events',
    {
      claim_Audit_Event: false,
      process_Automation_Event: false,
      reminder: false,
      user_ID: 'staff',
      status: 'Open',
      priority: 'NORMAL',
      subject: `E2E event ${Date.now()}-${counter}`,
      ...fields,
    },
  )
  if (status !== 200) throw new Error(`Creating an event failed with ${status}`)
  return data
}

type Fixtures = {
  signedInAs: (user: DemoUser) => Promise<Page>
  clock: ServiceClock
}
type Options = {
  /** Set the browser's clock to the service's (the date matrix runs on other days). */
  fixedClock: boolean
}

export const test = base.extend<Fixtures & Options>({
  fixedClock: [false, { option: true }],
  context: async ({ context }, use) => {
    trackBearerTokens(context)
    await use(context)
    await context.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined)
  },
  clock: async ({ request }, use) => {
    await use(await readServiceClock(request))
  },
  page: async ({ page, fixedClock, clock }, use) => {
    if (fixedClock) await page.clock.install({ time: clock.now() })
    await use(page)
    // A test's own answers to the page's requests end with it: one still reading the service's
    // answer when the page closes would otherwise fail a test whose checks all passed.
    // (A test may have closed the page, or its context, itself.)
    if (!page.isClosed()) await page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined)
  },
  signedInAs: async ({ page }, use) => {
    await use(async (user) => {
      await signIn(page, user)
      return page
    })
  },
})

export { expect }

/**
 * After the service ended the session, the page asks for the password again: the
 * re-authentication dialog over the current page, the lock screen saying the session ended (a
 * page loaded afresh), or the sign-in page.
 */
export async function expectAskedToSignInAgain(page: Page) {
  await expect(
    page
      .getByRole('dialog', { name: 'Sign in again' })
      .or(page.getByRole('dialog', { name: 'Console locked' }).filter({ hasText: 'has ended' }))
      .or(page.getByRole('button', { name: 'Sign in', exact: true }))
      .first(),
  ).toBeVisible()
}

/** The NOT NULL fields of a new auth. */
export const AUTH_REQUIRED = {
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
}

/**
 * Creates an auth for the test on the service (pended, physical therapy, with the given fields
 * over those) as the page's user, who must be support or admin; returns the stored auth.
 */
export async function createAuth(page: Page, fields: Record<string, unknown> = {}) {
  const { status, data } = await service<Record<string, unknown> & { auth_Number: string }>(
    page,
    'POST',
    '/auths',
    {
      ...AUTH_REQUIRED,
      auth_Code: 'P',
      status: 'Pended',
      service_Type: 'Physical Therapy',
      service_Code: '97110',
      unit_Type: 'Visit',
      subscriber_ID: '100244581',
      member_Seq: '01',
      notes: 'Created by the e2e test',
      ...fields,
    },
  )
  if (status !== 200) throw new Error(`Creating an auth failed with ${status}`)
  return data
}
