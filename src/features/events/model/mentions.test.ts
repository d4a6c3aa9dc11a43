import { describe, expect, it } from 'vitest'
import { compileFilter } from './filter'
import { factsOf } from './facts'
import { authNumbersIn, mentionsAuth } from './mentions'

const event = (subject: string, meta_Data: string | null = null) => ({
  event_ID: 1,
  subject,
  meta_Data,
  claim_Audit_Event: false,
  process_Automation_Event: false,
  reminder: false,
})

describe('authNumbersIn', () => {
  it('finds the auth numbers of the subject and the metadata, each once', () => {
    expect(
      authNumbersIn(event('Call provider about auth 26-000123', 'See 26-000123 and 25-000007')),
    ).toEqual(['26-000123', '25-000007'])
    expect(authNumbersIn(event('Review pended claim 260001234, member 3004512'))).toEqual([])
  })
})

describe('the filter by auth', () => {
  const now = new Date(2026, 10, 24)
  const subject = (e: ReturnType<typeof event>) => ({
    event: e,
    facts: factsOf(e, 'Completed'),
    words: e.subject.toLowerCase(),
  })

  it('keeps the events that name the auth, or any auth', () => {
    const about = event('Chase signed authorization 26-000123')
    const other = event('Renewal meeting')
    expect(mentionsAuth(about, '26-000123')).toBe(true)
    expect(compileFilter({ mentionsAuth: '26-000123' }, now)(subject(about))).toBe(true)
    expect(compileFilter({ mentionsAuth: '26-000124' }, now)(subject(about))).toBe(false)
    expect(compileFilter({ mentionsAuth: true }, now)(subject(about))).toBe(true)
    expect(compileFilter({ mentionsAuth: true }, now)(subject(other))).toBe(false)
  })
})
