import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EXAMPLE_MEMBER } from '../auths/seed'
import { orderBy } from '../events/store'
import { openBusiness } from './business'

const dir = mkdtempSync(path.join(tmpdir(), 'business-'))
const db = openBusiness(dir, 'demo', { seed: 2026, events: 3000, now: new Date(2026, 10, 22, 10) })
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})
const all = <T>(sql: string) => db.prepare(sql).all() as T[]

describe('the demo data agrees with itself', () => {
  it('every auth number an event subject mentions exists', () => {
    const subjects = all<{ subject: string }>(
      "SELECT subject FROM events WHERE subject LIKE '%auth%'",
    ).map((r) => r.subject)
    const mentioned = subjects.flatMap((s) => s.match(/\b\d{2}-\d{6}\b/g) ?? [])
    expect(mentioned.length).toBeGreaterThan(20)
    const known = new Set(all<{ n: string }>('SELECT auth_Number AS n FROM auths').map((r) => r.n))
    expect(mentioned.filter((n) => !known.has(n))).toEqual([])
  })

  it("the import template's example member exists (subscriber 100244581, member 01)", () => {
    const member = all<{ first_Name: string }>(
      `SELECT first_Name FROM members WHERE subscriber_ID = '${EXAMPLE_MEMBER.subscriberId}'
         AND member_Seq = '${EXAMPLE_MEMBER.seq}'`,
    )
    expect(member).toHaveLength(1)
  })

  it('codes are in one case: auth codes, priorities and event types upper case', () => {
    const codes = [
      ...all<{ v: string }>(
        'SELECT DISTINCT auth_Code AS v FROM auths WHERE auth_Code IS NOT NULL',
      ),
      ...all<{ v: string }>('SELECT DISTINCT priority AS v FROM events WHERE priority IS NOT NULL'),
      ...all<{ v: string }>(
        'SELECT DISTINCT event_Type AS v FROM events WHERE event_Type IS NOT NULL',
      ),
    ].map((r) => r.v)
    expect(codes.length).toBeGreaterThan(5)
    expect(codes.filter((c) => c !== c.toUpperCase())).toEqual([])
  })
})

describe('the orders a reader pages by', () => {
  it('walk an index, with no sort of every event: a reader of changes, newest first, and by ID', () => {
    for (const sortBy of ['update_Date:desc', 'update_Date:asc', 'event_ID:asc']) {
      const plan = all<{ detail: string }>(
        `EXPLAIN QUERY PLAN SELECT event_ID FROM events ORDER BY ${orderBy(sortBy)} LIMIT 500`,
      ).map((r) => r.detail)
      expect(plan.join('; '), sortBy).not.toMatch(/TEMP B-TREE/)
    }
  })
})
