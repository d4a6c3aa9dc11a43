import type { Locator, Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { createEvent, expect, serviceText, signIn, test } from './fixtures'

/** Whether the whole of `locator` is inside the window and not clipped by a scroller. */
async function fullyVisible(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  const size = page.viewportSize()!
  if (!box) return false
  const inWindow =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height
  // Not hidden under an ancestor that clips it (a horizontal scroller, say).
  const unclipped = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect()
    for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p)
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue
      const c = p.getBoundingClientRect()
      if (
        r.left < c.left - 1 ||
        r.right > c.right + 1 ||
        r.top < c.top - 1 ||
        r.bottom > c.bottom + 1
      )
        return false
    }
    return true
  })
  return inWindow && unclipped
}

/** Opens the actions menu of `row` and checks every one of its items is whole inside the window. */
async function expectWholeMenu(page: Page, row: Locator) {
  const button = row.getByRole('button', { name: /^Actions for / })
  expect(await fullyVisible(page, button), 'the actions button in view').toBe(true)
  await button.click()
  const menu = page.getByRole('menu', { name: /^Actions for / })
  await expect(menu).toBeVisible()
  const items = menu.getByRole('menuitem')
  // Every snooze duration, Mark complete, Open and Edit.
  expect(await items.count()).toBeGreaterThanOrEqual(13)
  for (const item of await items.all())
    expect(await fullyVisible(page, item), `${await item.textContent()} in view`).toBe(true)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
}

test.describe('a 1024 × 768 window', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('the navigation is a menu button; the list shows Subject, Priority, Status and Due without scrolling sideways', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const menu = page.getByRole('button', { name: 'Menu' })
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav).toBeHidden()

    // From the keyboard: open, the first link has focus, Escape closes and returns to the button.
    await menu.focus()
    await page.keyboard.press('Enter')
    await expect(nav).toBeVisible()
    await expect(nav.getByRole('link', { name: 'My events' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(menu).toBeFocused()
    // Choosing a page from the keyboard closes it, focus going on to the page chosen.
    await page.keyboard.press('Enter')
    await nav.getByRole('link', { name: 'Calendar', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/events\/calendar/)
    await expect(nav).toBeHidden()
    await expect(page.locator('#main')).toBeFocused()
    // Choosing a page closes it.
    await menu.click()
    await nav.getByRole('link', { name: 'List', exact: true }).click()
    await expect(page).toHaveURL(/\/events(\?|$)/)
    await expect(nav).toBeHidden()

    const table = page.getByRole('table')
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    for (const name of ['Subject', 'Priority', 'Status', /^Due/]) {
      const header = table.getByRole('columnheader', { name })
      expect(await fullyVisible(page, header), `${String(name)} in view`).toBe(true)
    }
    await expectNoSeriousA11yViolations(page)
  })

  test('the actions menu of the last row is whole inside the window, in My events and in the list', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    await page.goto('/events/mine')
    const main = page.getByRole('main')
    const rows = main.locator('[data-triage-id]:visible')
    await expect(rows.first()).toBeVisible()
    // The last row at the very bottom of the window.
    const last = rows.last()
    await last.evaluate((el) => el.scrollIntoView({ block: 'end' }))
    const box = (await last.boundingBox())!
    expect(box.y + box.height).toBeGreaterThan(768 - 8)
    await expectWholeMenu(page, last)
    await expectNoSeriousA11yViolations(page)

    // Open events only: a completed one's menu has no snooze or complete to show.
    await page.goto('/events?sort=event_ID:desc&completed=open')
    // The index's rows, not the service's first page they replace.
    await expect(page.getByText(/^[\d,]+ of [\d,]+ events$/)).toBeVisible()
    const tableRows = page.getByRole('table').locator('tbody tr[data-triage-id]')
    await expect(tableRows).toHaveCount(25)
    const lastRow = tableRows.last()
    await expect
      .poll(async () => {
        await lastRow.evaluate((el) => el.scrollIntoView({ block: 'end' }))
        const rowBox = (await lastRow.boundingBox())!
        return rowBox.y + rowBox.height
      })
      .toBeGreaterThan(768 - 40)
    await expectWholeMenu(page, lastRow)
    await expectNoSeriousA11yViolations(page)
  })

  test('a long subject wraps in the list and can be read in full; rows never overlap, virtualized too', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    // Fits in three lines of the Subject column at this width; the other is far longer.
    const fits = await createEvent(page, {
      subject: `Ask Caring Hands for the missing clinical notes on pended auth ${Date.now()}`,
    })
    const huge = await createEvent(page, {
      subject: `${'Very long subject that goes on and on about an authorization '.repeat(5)}${Date.now()}`,
    })
    const cellOf = (e: { subject: string }) =>
      page.getByRole('cell').filter({ has: page.getByRole('link', { name: e.subject }) })
    // 100 rows a page: more than VIRTUALIZE_FROM, so only the rows in view are drawn.
    await page.goto('/events?sort=event_ID:desc&size=100')
    await expect(page.getByText(/^[\d,]+ of [\d,]+ events$/)).toBeVisible()
    await expect(cellOf(huge)).toBeVisible()

    // The subject that fits is shown whole: nothing cut off, on more than one line.
    const link = cellOf(fits).getByRole('link')
    const cut = (el: Element) =>
      el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
    expect(await link.evaluate(cut)).toBe(false)
    expect(await cellOf(fits).evaluate(cut)).toBe(false)
    expect((await link.boundingBox())!.height).toBeGreaterThan(30)
    // The one too long for three lines is clamped, its full text a hover away and the link's name.
    const hugeLink = cellOf(huge).getByRole('link')
    await expect(hugeLink).toHaveAccessibleName(huge.subject)
    await expect(hugeLink).toHaveAttribute('title', huge.subject)
    expect((await hugeLink.boundingBox())!.height).toBeLessThan(4 * 20)

    // Rows stack without overlapping, as the virtualizer measured them, down to the last one.
    const scroller = page.getByRole('table').locator('xpath=..')
    const rows = page.getByRole('table').locator('tbody tr[data-triage-id]')
    const overlaps = () =>
      rows.evaluateAll(
        (trs) =>
          trs.slice(1).filter((tr, i) => {
            const above = trs[i]!.getBoundingClientRect()
            return Math.abs(tr.getBoundingClientRect().top - above.bottom) > 1
          }).length,
      )
    expect(await overlaps()).toBe(0)
    // At the bottom the last row ends where the table does: the measured heights add up (rows
    // are measured as they are drawn, so the end settles after a scroll or two).
    await expect
      .poll(() =>
        scroller.evaluate((el) => {
          el.scrollTo({ top: el.scrollHeight })
          const last = el.querySelector('tbody tr:last-child')!
          const gap = el.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom
          return `${last.getAttribute('aria-rowindex')} ${Math.round(Math.abs(gap))}`
        }),
      )
      .toMatch(/^101 [0-2]$/)
    expect(await overlaps()).toBe(0)
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }))
    await expect(cellOf(huge)).toBeVisible()
    expect(await overlaps()).toBe(0)
  })

  test('a long page draws its rows once: a row focused as it appears keeps the focus on a slow network', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    // The virtualizer's code arrives well after the page's rows.
    await page.route('**/assets/virtual-rows-*.js', async (route) => {
      await new Promise((done) => setTimeout(done, 1500))
      await route.continue()
    })
    await page.goto('/events?sort=event_ID:desc&size=100')
    const firstLink = page.getByRole('table').locator('tbody tr[data-triage-id] a').first()
    await firstLink.focus()
    const first = await firstLink.evaluate((el) => {
      ;(el as HTMLElement & { drawnFirst?: boolean }).drawnFirst = true
      return el.textContent
    })
    await expect(page.getByText(/^[\d,]+ of [\d,]+ events$/)).toBeVisible()
    // Well past the virtualizer's arrival: the same element, still focused.
    await page.waitForTimeout(2000)
    const focused = await page.evaluate(() => {
      const el = document.activeElement as (HTMLElement & { drawnFirst?: boolean }) | null
      return { drawnFirst: el?.drawnFirst === true, text: el?.textContent }
    })
    expect(focused).toEqual({ drawnFirst: true, text: first })
    await expect(page.getByRole('table').locator('tbody tr[data-triage-id]')).not.toHaveCount(100)
  })

  test("the calendar's month opens with today's week in view", async ({ page }) => {
    await signIn(page, 'staff')
    await page.goto('/events/calendar?view=month')
    const today = page.locator(`[data-date="${serviceText(new Date()).slice(0, 10)}"]`).first()
    await expect(today).toBeVisible()
    await expect.poll(() => fullyVisible(page, today)).toBe(true)
  })
})

test.describe('a 1440 × 900 window', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test("the navigation stays open, and the month shows today's row", async ({ page }) => {
    await signIn(page, 'staff')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    await page.goto('/events/calendar?view=month')
    const today = page.locator(`[data-date="${serviceText(new Date()).slice(0, 10)}"]`).first()
    await expect.poll(() => fullyVisible(page, today)).toBe(true)
  })

  test("the month's first and last weeks are reached with the mouse wheel, nothing clipped", async ({
    page,
  }) => {
    await signIn(page, 'staff')
    await page.goto('/events/calendar?view=month&user=*')
    const today = page.locator(`[data-date="${serviceText(new Date()).slice(0, 10)}"]`).first()
    await expect.poll(() => fullyVisible(page, today)).toBe(true)
    // Every day of the view: a full month is taller than the window (each day holds its summary,
    // its most pressing events and "+N more"), so the page scrolls.
    const days = page.getByRole('cell').and(page.locator('[data-date]'))
    const first = days.first()
    const last = days.last()
    const box = (await today.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, -600)
        return fullyVisible(page, first)
      })
      .toBe(true)
    // Its day number is shown (the row is not half hidden).
    await expect(first).toContainText(
      String(Number((await first.getAttribute('data-date'))!.slice(8))),
    )
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 600)
        return fullyVisible(page, last)
      })
      .toBe(true)
  })

  test("the list's default columns fit the page: nothing scrolls sideways or hides under the actions", async ({
    page,
  }) => {
    await signIn(page, 'staff')
    await page.goto('/events')
    const table = page.getByRole('table')
    await expect(table.getByRole('row').nth(1)).toBeVisible()
    const scroller = table.locator('xpath=..')
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }))
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    for (const header of await table.getByRole('columnheader').all())
      expect(await fullyVisible(page, header), await header.innerText()).toBe(true)
  })

  test('the agenda is dense: one line per event, many events in view', async ({ page }) => {
    await signIn(page, 'staff')
    const user = `e2e-agenda-${Date.now().toString(36)}`
    const now = new Date()
    const day = (d: number, h: number, m: number) =>
      serviceText(new Date(now.getFullYear(), now.getMonth(), now.getDate() + d, h, m))
    // Thirty events today, from 08:00 every quarter of an hour.
    const made = []
    for (let i = 0; i < 30; i++)
      made.push(
        await createEvent(page, {
          user_ID: user,
          priority: i % 5 === 0 ? 'URGENT' : 'NORMAL',
          due_Date: day(0, 8 + Math.floor(i / 4), (i % 4) * 15),
        }),
      )
    await page.goto(`/events/calendar?view=agenda&user=${user}`)
    const first = page.locator(`[data-event-id="${made[0]!.event_ID}"]`)
    // One line: the time, the subject and the priority mark side by side (what is drawn, not
    // the accessible name).
    const face = first.locator('[aria-hidden="true"]')
    await expect(face).toContainText('08:00')
    await expect(face).toContainText(made[0]!.subject)
    await expect(face).toContainText('Urgent')
    const entries = page.locator('[data-event-id]')
    await expect(entries).toHaveCount(30)
    const heights = await entries.evaluateAll((els) =>
      els.map((el) => el.closest('[role="button"]')!.getBoundingClientRect().height),
    )
    expect(Math.max(...heights)).toBeLessThan(34)
    // Whole in the window and in the agenda's own scrolling area.
    const inView = await entries.evaluateAll(
      (els) =>
        els.filter((el) => {
          const r = el.closest('[role="button"]')!.getBoundingClientRect()
          const area = el.closest('[data-scroll-region]')!.getBoundingClientRect()
          return (
            r.top >= Math.max(0, area.top) && r.bottom <= Math.min(window.innerHeight, area.bottom)
          )
        }).length,
    )
    expect(inView).toBeGreaterThanOrEqual(16)
    await expectNoSeriousA11yViolations(page)
  })
})

test.describe('polish', () => {
  test('the theme button stays readable on hover, the main area shows no ring after navigation, the agenda shows times', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const toggle = page.getByRole('button', { name: /^Switch to (dark|light) theme$/ })
    await toggle.hover()
    const contrast = await toggle.evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
      const header = rgb(getComputedStyle(el.closest('header')!).backgroundColor)
      const [r, g, b, a = 1] = rgb(getComputedStyle(el).backgroundColor)
      const bg = [r, g, b].map((v, i) => v! * a + header[i]! * (1 - a))
      const fg = rgb(getComputedStyle(el).color)
      const lum = (c: number[]) => {
        const [x, y, z] = c.map((v) => {
          const s = v / 255
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
        })
        return 0.2126 * x! + 0.7152 * y! + 0.0722 * z!
      }
      const [hi, lo] = [lum(fg), lum(bg)].sort((p, q) => q - p)
      return (hi! + 0.05) / (lo! + 0.05)
    })
    expect(contrast).toBeGreaterThanOrEqual(4.5)

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Calendar' })
      .click()
    const main = page.locator('main')
    await main.focus()
    expect(await main.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none')

    const now = new Date()
    const event = await createEvent(page, {
      user_ID: `e2e-${Date.now().toString(36)}`,
      due_Date: serviceText(new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9, 5)),
    })
    await page.goto(`/events/calendar?view=agenda&user=${event.user_ID}`)
    await expect(page.locator(`[data-event-id="${event.event_ID}"]`)).toContainText('09:05')
  })
})

test.describe('locale', () => {
  test.use({ locale: 'en-US' })

  test("dates and numbers follow the browser's locale, and config.json's locale over it", async ({
    page,
  }) => {
    await signIn(page, 'staff')
    const event = await createEvent(page, { due_Date: '2027-02-03T15:30:00' })
    await page.goto(`/events/${event.event_ID}`)
    // An American browser reads American dates, as its date inputs do (mm/dd/yyyy).
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
    await expect(page.getByRole('region', { name: 'When' })).toContainText('Feb 3, 2027')

    // The deployment's config.json can set one locale for everyone.
    await configLocale(page, 'de-DE')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
    await expect(page.getByRole('region', { name: 'When' })).toContainText('3. Feb. 2027')
  })
})

/** Serves config.json with this `locale`, as a deployment's would set it. */
async function configLocale(page: Page, locale: string) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...(await response.json()), locale } })
  })
}

for (const { locale, time, first, last } of [
  { locale: 'en-US', time: '2:30 PM', first: 'Sunday', last: 'Saturday' },
  { locale: 'en-GB', time: '14:30', first: 'Monday', last: 'Sunday' },
]) {
  test.describe(`the ${locale} clock and week`, () => {
    test.use({ locale })

    test(`times read "${time}" and weeks start on ${first}, in text and in the calendar`, async ({
      page,
    }) => {
      await configLocale(page, locale)
      await signIn(page, 'staff')
      const event = await createEvent(page, {
        user_ID: `e2e-${Date.now().toString(36)}`,
        due_Date: '2027-02-03T14:30:00',
      })
      await page.goto(`/events/${event.event_ID}`)
      await expect(page.getByRole('region', { name: 'When' })).toContainText(time)

      await page.goto(`/events/calendar?view=month&date=2027-02-03&user=${event.user_ID}`)
      const days = page.getByRole('columnheader')
      await expect(days.first()).toContainText(first)
      await expect(days.last()).toContainText(last)
      const shown = page.locator(`[data-event-id="${event.event_ID}"]`).first()
      await expect(shown).toContainText(time)

      await page.goto(`/events/calendar?view=week&date=2027-02-03&user=${event.user_ID}`)
      await expect(page.getByRole('columnheader').first()).toContainText(first.slice(0, 3))
      await expect(page.locator(`[data-event-id="${event.event_ID}"]`).first()).toContainText(time)
    })
  })
}

test.describe('the page a link leads to', () => {
  test('"Skip to content" moves to the main area of this page, not to the app\'s root', async ({
    page,
  }) => {
    await signIn(page, 'staff')
    await page.goto('/reference')
    await expect(page.getByRole('heading', { name: 'Reference lists', level: 1 })).toBeVisible()
    await page.locator('body').focus()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/reference#main$/)
    await expect(page.getByRole('heading', { name: 'Reference lists', level: 1 })).toBeVisible()
  })
})
