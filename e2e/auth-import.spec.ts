import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { createAuth, expect, service, signIn, test } from './fixtures'

type Json = Record<string, unknown>

const stored = async (page: Page, authNumber: string) =>
  (await service<Json>(page, 'GET', `/auths/${authNumber}`)).data

/** Changes an auth as another client would, from the version it reads. */
async function changeElsewhere(page: Page, authNumber: string, fields: Json) {
  const current = await stored(page, authNumber)
  const { status } = await service(page, 'PUT', `/auths/${authNumber}`, { ...current, ...fields })
  expect(status).toBe(200)
}

/** Chooses a file for the import, as a user would. */
async function chooseFile(page: Page, name: string, text: string) {
  await page.getByRole('button', { name: 'Or choose a file' }).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  })
}

test.describe('auth import', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'support')
  })

  test('the preview shows what changes, a number given twice and a contradiction, before sending', async ({
    page,
  }) => {
    const changed = await createAuth(page, { notes: 'Original', provider_ID: 'PRV10005' })
    const twice = await createAuth(page, { notes: 'Twice' })
    await page.goto('/auths/import')
    const csv = [
      'auth_Number,subscriber_ID,provider_ID,auth_Code,status,notes',
      `${changed.auth_Number},100244999,PRV10005,,,Replaced`,
      `,100244581,PRV10005,A,Denied,Contradiction`,
      `${twice.auth_Number},,,,,First`,
      `${twice.auth_Number},,,,,Second`,
      `,100244581,PRV10005,P,Pended,Fine`,
    ].join('\n')
    await page.getByLabel('CSV or JSON').fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()

    const update = page.getByRole('row', { name: /^1\s*line 2/ })
    await expect(update).toContainText('Updates 2 fields')
    await expect(update).toContainText('Subscriber ID: 100244581 → 100244999')
    await expect(update).toContainText('Notes: Original → Replaced')
    await expect(update).not.toContainText('Provider ID')
    await expect(page.getByRole('row', { name: /^2\s*line 3/ })).toContainText(
      'Status: Code A means Approved, but the status reads Denied.',
    )
    await expect(page.getByRole('row', { name: /^3\s*line 4/ })).toContainText(
      `Auth number: ${twice.auth_Number} is also in row 4`,
    )
    await expect(page.getByRole('row', { name: /^4\s*line 5/ })).toContainText(
      `Auth number: ${twice.auth_Number} is also in row 3`,
    )
    await expect(page.getByRole('row', { name: /^5\s*line 6/ })).toContainText('New auth')
    await expect(page.getByText('3 with problems')).toBeVisible()
    await expectNoSeriousA11yViolations(page)
    // Nothing was sent to check them.
    expect((await stored(page, changed.auth_Number)).notes).toBe('Original')

    await page.getByRole('button', { name: 'Send 2 ready rows' }).click()
    await expect(page.getByText('2 of 2 auths saved')).toBeVisible()
    expect(await stored(page, changed.auth_Number)).toMatchObject({
      subscriber_ID: '100244999',
      notes: 'Replaced',
      provider_ID: 'PRV10005',
    })
    expect((await stored(page, twice.auth_Number)).notes).toBe('Twice')
  })

  test('a number no auth has is told apart from a new auth; a row with nothing to create is refused', async ({
    page,
  }) => {
    const typo = `NO-SUCH-${Date.now()}`
    await page.goto('/auths/import')
    const csv = [
      'auth_Number,subscriber_ID,notes,colour',
      `${typo},100244581,Meant to update,`,
      `${typo}-B,,,blue`,
      `,,,red`,
      `,100244581,Fresh,`,
    ].join('\n')
    await page.getByLabel('CSV or JSON').fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()
    const mistyped = page.getByRole('row', { name: /^1\s*line 2/ })
    await expect(mistyped).toContainText('New number')
    await expect(mistyped).toContainText(
      `No auth ${typo} exists: sending creates a new auth of this number (to update an auth, check its number)`,
    )
    await expect(page.getByRole('row', { name: /^2\s*line 3/ })).toContainText(
      `No auth ${typo}-B exists, and the row gives nothing else to create one from.`,
    )
    await expect(page.getByRole('row', { name: /^3\s*line 4/ })).toContainText(
      'The row gives no field of an auth: there is nothing to create.',
    )
    const fresh = page.getByRole('row', { name: /^4\s*line 5/ })
    await expect(fresh).toContainText('New auth')
    await expect(fresh).toContainText('the service gives it a number')
    await expect(page.getByText('2 with problems')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send 2 ready rows' })).toBeEnabled()
    await expectNoSeriousA11yViolations(page)
  })

  test('5,000 rows go in batches of the service’s size, with a results file whose failed rows import again', async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const a = await createAuth(page, { notes: 'A before' })
    const b = await createAuth(page, { notes: 'B before' })
    const lines = [
      'auth_Number,subscriber_ID,service_Code,requested_From,requested_Thru,units_Requested,notes',
    ]
    for (let i = 1; i <= 4_998; i++)
      lines.push(`,100244581,97110,2026-04-01,2026-05-31,${(i % 20) + 1},Bulk ${i}`)
    lines.splice(2_000, 0, `${a.auth_Number},,,,,,Bulk update A`)
    lines.push(`${b.auth_Number},,,,,,Bulk update B`)
    await page.goto('/auths/import')
    await chooseFile(page, 'bulk.csv', lines.join('\n'))
    const send = page.getByRole('button', { name: 'Send 5,000 ready rows' })
    await expect(send).toBeEnabled({ timeout: 30_000 })
    await expect(page.getByText('CSV, 5,000 rows:')).toBeVisible()

    // Someone changes two of the auths after the preview: those rows must not overwrite them.
    await changeElsewhere(page, a.auth_Number, { notes: 'A changed elsewhere' })
    await changeElsewhere(page, b.auth_Number, { notes: 'B changed elsewhere' })

    const batches: number[] = []
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/auths')
        batches.push((JSON.parse(request.postData() ?? '[]') as unknown[]).length)
    })
    await send.click()
    await expect(page.getByRole('progressbar', { name: 'Sending the import' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Stop after this batch' })).toBeVisible()
    await expect(page.getByText('2 of 5,000 auths not saved')).toBeVisible({ timeout: 120_000 })
    expect(batches).toEqual([1000, 1000, 1000, 1000, 1000])
    expect((await stored(page, a.auth_Number)).notes).toBe('A changed elsewhere')

    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download results (CSV)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('bulk-results.csv')
    const results = await readFile((await download.path())!, 'utf8')
    const rows = results.trim().split(/\r?\n/)
    expect(rows[0]).toBe(
      'row,auth number,outcome,message,auth_Number,subscriber_ID,service_Code,requested_From,requested_Thru,units_Requested,notes',
    )
    expect(rows).toHaveLength(5_001)
    expect(rows.filter((r) => /^\d+,[^,]*,created,/.test(r))).toHaveLength(4_998)
    // Refused because someone changed the auth meanwhile: a conflict, not a plain failure.
    const conflicts = rows.filter((r) => /^\d+,[^,]*,conflict,/.test(r))
    expect(conflicts).toHaveLength(2)
    expect(conflicts[0]).toMatch(
      new RegExp(`^2000,${a.auth_Number},conflict,"?Auth ${a.auth_Number} was saved at`),
    )

    // The results file goes back in as it is: the saved rows are left out, and the conflicts are
    // held for a decision, never sent as ordinary rows over the colleague's change.
    await page.getByRole('button', { name: 'Start over' }).click()
    await chooseFile(page, 'bulk-results.csv', results)
    await expect(
      page.getByText('4,998 rows this results file records as saved are left out.'),
    ).toBeVisible()
    await expect(page.getByText('CSV, 2 rows:')).toBeVisible()
    const first = page.getByRole('row', { name: /^1\s/ })
    await expect(first).toContainText('Conflict')
    await expect(first).toContainText('Notes: A changed elsewhere → Bulk update A')
    await expect(page.getByText('2 held back by an earlier import')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Nothing ready to send' })).toBeDisabled()
    // Looked at, each is sent on purpose.
    await first.getByRole('button', { name: /^Send it anyway/ }).click()
    await page
      .getByRole('row', { name: /^2\s/ })
      .getByRole('button', { name: /^Send it anyway/ })
      .click()
    await page.getByRole('button', { name: 'Send 2 ready rows' }).click()
    await expect(page.getByText('2 of 2 auths saved')).toBeVisible()
    expect((await stored(page, a.auth_Number)).notes).toBe('Bulk update A')
    expect((await stored(page, b.auth_Number)).notes).toBe('Bulk update B')
  })

  test('the same file imported again in the tab holds back the rows it already created', async ({
    page,
  }) => {
    const tag = `Twice ${Date.now()}`
    const csv = [
      'subscriber_ID,provider_ID,service_Code,requested_From,requested_Thru,units_Requested,received_Date,notes',
      `100244581,PRV10005,97110,2026-04-01,2026-05-31,3,2026-03-30T09:00,${tag}`,
    ].join('\n')
    await page.goto('/auths/import')
    await page.getByLabel('CSV or JSON').fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()
    await page.getByRole('button', { name: 'Send 1 ready row' }).click()
    await expect(page.getByText('1 of 1 auths saved')).toBeVisible()
    const created = (
      await page.getByRole('link', { name: /^Open \d{2}-\d{6}$/ }).textContent()
    )?.replace('Open ', '')

    await page.getByRole('button', { name: 'Start over' }).click()
    await page.getByLabel('CSV or JSON').fill(csv)
    await page.getByRole('button', { name: 'Check rows' }).click()
    const row = page.getByRole('row', { name: /^1\s/ })
    await expect(row).toContainText('Created before')
    await expect(row).toContainText(`This tab already created ${created} from this very row`)
    await expect(page.getByRole('button', { name: 'Nothing ready to send' })).toBeDisabled()
  })
})
