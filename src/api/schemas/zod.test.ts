import { describe, expect, it } from 'vitest'
// Only the contract here (no classic zod, which would install its messages for the whole file).
import { eventSchema } from './event'

describe("the contract's messages", () => {
  it('say what was expected in English, not "Invalid input"', () => {
    const result = eventSchema.safeParse({
      event_ID: 'seven',
      claim_Audit_Event: false,
      process_Automation_Event: false,
      reminder: false,
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Invalid input: expected number, received string')
  })
})
