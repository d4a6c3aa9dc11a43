import { describe, expect, it } from 'vitest'
import { defaultRuntimeConfig } from '@/lib/runtime-config'
import { codeStatusConflict, mergeCodes, parseReportedCodes } from './auth-codes'

const codes = defaultRuntimeConfig.authCodes

describe('codeStatusConflict', () => {
  it('names a code that contradicts the status', () => {
    expect(codeStatusConflict({ auth_Code: 'A', status: 'Denied' }, codes)).toBe(
      'Code A means Approved, but the status reads Denied.',
    )
    expect(codeStatusConflict({ auth_Code: 'd', status: 'approved' }, codes)).toMatch(
      /^Code D means Denied/,
    )
  })
  it('accepts agreeing, partial, missing or unknown values', () => {
    expect(codeStatusConflict({ auth_Code: 'A', status: 'Approved' }, codes)).toBeNull()
    expect(codeStatusConflict({ auth_Code: 'A', status: 'approved in part' }, codes)).toBeNull()
    expect(codeStatusConflict({ auth_Code: null, status: 'Denied' }, codes)).toBeNull()
    expect(codeStatusConflict({ auth_Code: 'A', status: null }, codes)).toBeNull()
    expect(codeStatusConflict({ auth_Code: 'X', status: 'Denied' }, codes)).toBeNull()
    // A wording no code uses is not a contradiction the console can know of.
    expect(codeStatusConflict({ auth_Code: 'A', status: 'In review' }, codes)).toBeNull()
  })
})

describe('the codes offered', () => {
  it('reads the codes a refusal names', () => {
    expect(
      parseReportedCodes(
        '"Z" is not an auth code. Valid codes: A (Approved), p (Pended), X (Extended).',
      ),
    ).toEqual([
      { code: 'A', status: 'Approved' },
      { code: 'P', status: 'Pended' },
      { code: 'X', status: 'Extended' },
    ])
    expect(parseReportedCodes('Something else went wrong')).toEqual([])
  })
  it('merges configured, reported and seen codes once each, keeping meanings', () => {
    const merged = mergeCodes(
      codes,
      [
        { code: 'X', status: 'Extended' },
        { code: 'A', status: 'Approved' },
      ],
      ['a', 'q'],
    )
    expect(merged.map((c) => c.code)).toEqual(['A', 'P', 'D', 'C', 'X', 'Q'])
    expect(merged[0]?.meaning).toMatch(/approved range/)
    expect(merged.at(-1)).toEqual({ code: 'Q', status: '' })
  })
})
