import { expectNoSeriousA11yViolations } from './axe'
import { expect, service, signIn, test, type ServiceEvent } from './fixtures'

test.describe('event pickers', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'staff')
  })

  test('offer the types in use, normalise "task" to TASK, and mark a new value', async ({
    page,
  }) => {
    await page.goto('/events/new')
    await expect(page.getByRole('heading', { name: 'New event' })).toBeVisible()
    const type = page.getByRole('combobox', { name: 'Type' })
    // The values in use, with labels, once the index has them.
    const offered = page.locator(`datalist#${await type.getAttribute('list')} option`)
    const task = page.locator(`datalist#${await type.getAttribute('list')} option[value="TASK"]`)
    await expect(task).toHaveAttribute('label', /^Task · [\d,]+ events$/, { timeout: 20_000 })
    expect(await offered.count()).toBeGreaterThan(1)

    await type.fill('Brand_new_kind')
    await expect(page.getByText('New value: no event uses it yet.')).toBeVisible()
    await expect(type).toHaveAccessibleDescription(/New value/)
    await expectNoSeriousA11yViolations(page)

    // A known code is read by its name beside it.
    await type.fill('follow_up')
    await expect(type).toHaveAccessibleDescription(/^Follow up · /)
    // Its name typed is taken for it.
    await type.fill('Follow up')
    await expect(page.getByText('New value: no event uses it yet.')).toHaveCount(0)
    await type.blur()
    await expect(type).toHaveValue('FOLLOW_UP')
    const assigned = page.getByRole('combobox', { name: 'Assigned user' })
    await assigned.fill('staff')
    await expect(assigned).toHaveAccessibleDescription(/^[^(]+ \(staff\) · A name or user ID/)

    await type.fill('task')
    await expect(page.getByText('New value: no event uses it yet.')).toHaveCount(0)
    await page.getByRole('combobox', { name: 'Status' }).fill('open')
    const subject = `Picked in the form ${Date.now()}`
    await page.getByLabel('Subject', { exact: true }).fill(subject)
    await expect(type).toHaveValue('TASK')
    // Enter in a picker normalises before the form is sent.
    await page.getByRole('combobox', { name: 'Status' }).press('Enter')
    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible()
    const id = Number(page.url().split('/').pop())
    const { data } = await service<ServiceEvent>(page, 'GET', `/events/${id}`)
    expect(data).toMatchObject({ event_Type: 'TASK', status: 'Open' })
  })
})
