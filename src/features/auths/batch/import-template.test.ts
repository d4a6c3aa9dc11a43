import { afterAll, describe, expect, it } from 'vitest'
import { createAuth, getAuthVba } from '@/api/auths'
import { startInProcessSandbox } from '@/test/sandbox-client'
import { decisionClock, DEFAULT_DECISION_RULES } from '../model/decision-clock'
import { checkImportRow, parseImport, stampsReceived, toSendItem } from './import-rows'
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
    // It carries the date the request was received: the pended auth's clock runs.
    expect(checked.auth.received_Date).toBeTruthy()
    expect(decisionClock(created, DEFAULT_DECISION_RULES, new Date()).kind).toBe('running')
  })

  it('a new undecided auth without a received date is received at the time of import, and says so', async () => {
    const csv =
      'subscriber_ID,provider_ID,auth_Code,status,urgent\r\n100244581,PRV10005,P,Pended,true\r\n'
    const [row] = parseImport(csv).rows
    const checked = checkImportRow(row!)
    expect(checked.ok).toBe(true)
    if (!checked.ok) return
    expect(stampsReceived(checked.auth, undefined)).toBe(true)
    const importedAt = '2026-11-26T09:30:00'
    const sent = toSendItem(checked.auth, undefined, importedAt)
    expect(sent.received_Date).toBe(importedAt)
    const api = await service.clientFor('support')
    const created = await createAuth(api, sent)
    const clock = decisionClock(created, DEFAULT_DECISION_RULES, new Date(importedAt))
    expect(clock.kind).toBe('running')
    // A decided one needs no clock, and is left as the file says.
    const decided = { ...checked.auth, auth_Code: 'A', status: 'Approved' }
    expect(stampsReceived(decided, undefined)).toBe(false)
    expect(toSendItem(decided, undefined, importedAt).received_Date ?? null).toBeNull()
  })
})
