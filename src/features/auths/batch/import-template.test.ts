import { afterAll, describe, expect, it } from 'vitest'
import { createAuth, getAuthVba } from '@/api/auths'
import { startInProcessSandbox } from '@/test/sandbox-client'
import { checkImportRow, parseImport, toSendItem } from './import-rows'
import { templateHref } from './import-template'

const service = startInProcessSandbox('import-template')
afterAll(() => service.close())

describe('the CSV template', () => {
  it('imports as it is, and its example row names a member and provider the service knows', async () => {
    const csv = decodeURIComponent(templateHref().replace(/^data:text\/csv;charset=utf-8,/, ''))
    const [row] = parseImport(csv).rows
    const checked = checkImportRow(row!)
    expect(checked.ok).toBe(true)
    if (!checked.ok) return
    const api = await service.clientFor('support')
    const created = await createAuth(api, toSendItem(checked.auth, undefined))
    const vba = await getAuthVba(api, created.auth_Number!)
    // The member and provider are joined in: they exist in the demo data.
    expect(vba.member_First_Name).toBeTruthy()
    expect(vba.member_Last_Name).toBeTruthy()
    expect(vba.provider_Org_Name ?? vba.provider_Last_Name).toBeTruthy()
  })
})
