import { expectNoSeriousA11yViolations } from './axe'
import {
  API_KEY,
  callService,
  createEvent,
  DEMO_PASSWORD,
  expect,
  fillApiKeyIfAsked,
  serviceToken,
  sessionToken,
  signIn,
  signOut,
  test,
} from './fixtures'

test.describe('session lifecycle', () => {
  test('the signed-in shell shows the database and the account, and passes axe', async ({
    page,
  }) => {
    await signIn(page, 'admin')
    await expect(page.getByRole('combobox', { name: 'Database' })).toHaveValue('demo')
    await page.getByRole('button', { name: 'Account: Alex Admin' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account).toContainText('admin')
    // What will happen and when: the sign-in time the token states, the console's idle lock, and
    // the service's limits as the sandbox's config.json states them (2 hours idle, 12 hours).
    const token = await sessionToken(page)
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
      auth_time: number
    }
    const clock = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(ms))
    const signedIn = claims.auth_time * 1000
    await expect(account).toContainText(`Signed in at ${clock(signedIn)}`)
    await expect(account).toContainText('Locks after 15 minutes without activity')
    await expect(account).toContainText(
      new RegExp(
        `The service ends the session after 2 hours idle or at (\\d+ \\w+, )?${clock(signedIn + 12 * 3_600_000)} at the latest`,
      ),
    )
    await expect(account).not.toContainText('expires')
    await page.keyboard.press('Escape')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expectNoSeriousA11yViolations(page)
  })

  test('a 401 is answered in the dialog over the page, then the page carries on', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    await page.goto('/events?size=50&sort=subject:asc')
    await expect(page.getByRole('cell').first()).toBeVisible()
    const oldToken = await sessionToken(page)
    // The first event's subject, read before the kick: after it the tab's own check of its
    // session (every few seconds, and any request) may hide the page at any moment.
    const first = page.getByRole('table').getByRole('link').first()
    const subject = (await first.textContent())?.trim() ?? ''
    expect(subject).not.toBe('')
    // An administrator ends every session of staff from elsewhere.
    const admin = await serviceToken(page, 'admin')
    expect((await callService(page, 'POST', '/kick/staff', admin)).status).toBe(200)

    // Opening an event asks the service (and the tab checks its session every few seconds
    // anyway): the password is asked for over the page, hidden meanwhile.
    await first.click({ timeout: 3_000 }).catch(() => undefined)
    const dialog = page.getByRole('dialog', { name: 'Sign in again' })
    await expect(dialog).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await dialog.getByLabel('Password').fill('wrong password')
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(dialog).toContainText('The password is wrong.')
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(dialog).toBeHidden()
    // The page carries on: the event is shown (the click, or the retried request), nothing lost.
    if (!/\/events\/\d+$/.test(page.url())) await first.click()
    await expect(page).toHaveURL(/\/events\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(subject)
    // Back returns to the same view of the list.
    await page.goBack()
    await expect(page).toHaveURL(/sort=subject/)
    await expect(page.getByRole('cell').first()).toBeVisible()
    const newToken = await sessionToken(page)
    expect(newToken).not.toBe(oldToken)
    expect((await callService(page, 'GET', '/priorities', oldToken)).status).toBe(401)
  })

  test('a session an administrator ended stops showing member data within 5 seconds, untouched', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const event = await createEvent(page, { subject: `Ended session probe ${Date.now()}` })
    await page.goto(`/events/${event.event_ID}`)
    const heading = page.getByRole('heading', { level: 1, name: event.subject! })
    await expect(heading).toBeVisible()
    const admin = await serviceToken(page, 'admin')
    expect((await callService(page, 'POST', '/kick/staff', admin)).status).toBe(200)
    // Nobody touches the tab: it finds out by itself, and hides the page.
    await expect(heading).toBeHidden({ timeout: 5_000 })
    await expect(page.getByRole('dialog', { name: 'Sign in again' })).toBeVisible()
    await page.getByRole('dialog').getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).click()
    await expect(heading).toBeVisible()
  })

  test('a 401 while editing is answered in the dialog; the edit is saved, nothing lost', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const { event_ID: id } = await createEvent(page)
    await page.goto(`/events/${id}/edit`)
    const subject = page.getByLabel('Subject', { exact: true })
    await expect(subject).not.toHaveValue('')
    await subject.fill('Typed while the session ended')
    const admin = await serviceToken(page, 'admin')
    expect((await callService(page, 'POST', '/kick/staff', admin)).status).toBe(200)

    // Saved at once, or (when the tab's own check found the session ended first, hiding the
    // form) once the password is given again: either way nothing typed is lost.
    const save = page.getByRole('button', { name: 'Save changes' })
    const clicked = await save.click({ timeout: 3_000 }).then(
      () => true,
      () => false,
    )
    const dialog = page.getByRole('dialog', { name: 'Sign in again' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(dialog).toBeHidden()
    if (!clicked) {
      await expect(subject).toHaveValue('Typed while the session ended')
      await save.click()
    }
    // The save that failed was retried: the service has what was typed.
    await expect
      .poll(async () => {
        const event = (await callService(page, 'GET', `/events/${id}`, admin)).body.data as {
          subject: string
        }
        return event.subject
      })
      .toBe('Typed while the session ended')
  })

  test('a draft survives a reload and is offered back', async ({ page }) => {
    await signIn(page, 'staff')
    await page.goto(`/events/${(await createEvent(page)).event_ID}/edit`)
    const subject = page.getByLabel('Subject', { exact: true })
    await expect(subject).not.toHaveValue('')
    const original = await subject.inputValue()
    await subject.fill('Half-typed before a crash')
    await page.waitForTimeout(800) // the draft is written a moment after typing stops
    await page.reload()
    await expect(subject).toHaveValue(original)
    await page.getByRole('button', { name: 'Restore changes' }).click()
    await expect(subject).toHaveValue('Half-typed before a crash')
  })

  test('switching database asks first when a form has unsaved changes', async ({ page }) => {
    await signIn(page, 'staff')
    await page.goto(`/events/${(await createEvent(page)).event_ID}/edit`)
    const subject = page.getByLabel('Subject', { exact: true })
    await expect(subject).not.toHaveValue('')
    await subject.fill('Not saved yet')
    await page.getByRole('combobox', { name: 'Database' }).selectOption('training')
    const confirm = page.getByRole('alertdialog', { name: 'Switch to Training?' })
    await expect(confirm).toBeVisible()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('combobox', { name: 'Database' })).toHaveValue('demo')
    await expect(subject).toHaveValue('Not saved yet')
  })

  test('the idle lock hides the console and unlocking restores the page', async ({ page }) => {
    await page.clock.install()
    await signIn(page, 'support')
    await page.goto('/events?page=2')
    await expect(page.getByRole('cell').first()).toBeVisible()
    await page.clock.fastForward('16:00')
    const lock = page.getByRole('dialog', { name: 'Console locked' })
    await expect(lock).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await expect(page.getByRole('cell')).toHaveCount(0)
    // A reload does not lift the lock.
    await page.reload()
    await expect(lock).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    await lock.getByLabel('Password').fill(DEMO_PASSWORD)
    await lock.getByRole('button', { name: 'Unlock' }).click()
    await expect(lock).toBeHidden()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByRole('cell').first()).toBeVisible()
  })

  test('switching database shows the other database, none of the first', async ({ page }) => {
    await signIn(page, 'staff')
    const token = await sessionToken(page)
    const first = (await callService(page, 'GET', '/events/1', token)).body.data as Record<
      string,
      unknown
    >
    const marker = 'Only in the demo database'
    const put = await page.request.put('/api/events/1', {
      headers: {
        authorization: `Bearer ${token}`,
        'x-api-key': API_KEY,
        'service-database': 'demo',
      },
      data: { ...first, subject: marker },
    })
    expect(put.status()).toBe(200)
    // Tokens are bound to their database: training takes a sign-in of its own.
    expect((await callService(page, 'GET', '/events/1', token, 'training')).status).toBe(401)
    const trainingToken = await serviceToken(page, 'staff', 'training')
    const training = (await callService(page, 'GET', '/events/1', trainingToken, 'training')).body
      .data as { subject: string }

    await page.goto('/events?sort=event_ID:asc')
    await expect(page.getByRole('cell', { name: marker, exact: true })).toBeVisible()
    await page.getByRole('combobox', { name: 'Database' }).selectOption('training')
    await expect(page.getByRole('combobox', { name: 'Database' })).toHaveValue('training')
    await expect(page).toHaveURL(/sort=event_ID/)
    await expect(
      page.getByRole('cell', { name: training.subject, exact: true }).first(),
    ).toBeVisible()
    await expect(page.getByRole('cell', { name: marker, exact: true })).toHaveCount(0)
  })

  test('a new tab is handed no session; signing out in one tab signs out the other', async ({
    context,
  }) => {
    const first = await context.newPage()
    await signIn(first, 'staff')
    // A new tab of the same browser signs in on its own: no page is handed a session.
    const second = await context.newPage()
    await second.goto('/events')
    await expect(second.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    await signIn(second, 'staff')
    const secondToken = await sessionToken(second)
    await signOut(first)
    await expect(second.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
    // The second tab ended its own session on the service as it signed out.
    await expect
      .poll(async () => (await callService(first, 'GET', '/priorities', secondToken)).status)
      .toBe(401)
  })

  test('a signed-out visitor is sent to sign-in and back where they were going', async ({
    page,
  }) => {
    await page.goto('/events?page=3')
    await expect(page).toHaveURL(/\/sign-in\?next=/)
    await fillApiKeyIfAsked(page)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/events\?page=3$/)
  })

  test('an unknown address shows a not-found page', async ({ page }) => {
    await signIn(page, 'staff')
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })
})
