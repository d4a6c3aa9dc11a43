import { describe, expect, it } from 'vitest'
import { parseCsv, readCsvField } from '@/lib/csv'
import type { AuditEntry } from '@/api/audit'
import { auditToCsv } from './audit-csv'

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 7,
  at: '2026-11-26T09:30:00.000Z',
  userId: 'support',
  userName: 'Pat Support',
  action: 'write',
  operation: 'PUT /auths/{authNumber}',
  recordType: 'auth',
  recordId: 'A-1',
  changes: { status: { before: 'Pended', after: 'Approved' }, units: { before: 1, after: null } },
  status: 200,
  activityId: 'act-1',
  detail: null,
  ...over,
})

describe('auditToCsv', () => {
  it('writes one line per entry with each change as field: before → after', () => {
    const rows = parseCsv(auditToCsv([entry({}), entry({ id: 6, action: 'read', changes: null })]))
    expect(rows.map((r) => r.values[0])).toEqual(['Entry', '7', '6'])
    expect(rows[1]!.values).toEqual([
      '7',
      '2026-11-26T09:30:00.000Z',
      'support',
      'Pat Support',
      'Changed',
      'PUT /auths/{authNumber}',
      'auth',
      'A-1',
      'status: Pended → Approved\nunits: 1 → (empty)',
      '200',
      'act-1',
      '',
    ])
    expect(rows[2]!.values[4]).toBe('Viewed')
  })

  it('says sign-ins and their refusals in words, with the username a refused one tried', () => {
    const signIn = { operation: 'POST /user-authentication', recordType: null, changes: null }
    const rows = parseCsv(
      auditToCsv([
        entry({ ...signIn, status: 200 }),
        entry({
          ...signIn,
          userId: null,
          userName: null,
          status: 401,
          detail: { unverifiedUser: true, claimedUserId: 'jmartinez' },
        }),
        entry({ operation: 'POST /kick/{userId}', status: 200, changes: null }),
      ]),
    )
    expect(rows.slice(1).map((r) => [r.values[2], r.values[4], r.values[11]])).toEqual([
      ['support', 'Signed in', ''],
      ['', 'Sign-in refused', 'jmartinez'],
      ['support', 'Ended a session', ''],
    ])
  })

  it('keeps a value a spreadsheet would run as a formula as text', () => {
    const csv = auditToCsv([entry({ userName: '=HYPERLINK("http://x")', changes: null })])
    const name = parseCsv(csv)[1]!.values[3]!
    expect(name.startsWith("'")).toBe(true)
    expect(readCsvField(name)).toBe('=HYPERLINK("http://x")')
  })
})
