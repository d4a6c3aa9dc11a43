import { describe, expect, it } from 'vitest'
import type { Auth } from '@/api/schemas/auth'
import { approvalDefaults, decisionReasons, partialDenial, planDecision } from './decision'

const auth: Auth = {
  auth_Number: '26-000042',
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
  auth_Code: 'P',
  status: 'Pended',
  requested_From: '2026-12-01T00:00:00',
  requested_Thru: '2026-12-31T00:00:00',
  units_Requested: 12,
  visits_Requested: 12,
  amount_Requested: 1140,
  unit_Type: 'Visit',
  narrative: 'Records received.',
}
const now = new Date(2026, 10, 24, 14, 5)
const context = { late: false, user: 'support', now }
const reasons = { denialReason: '', partialReason: '', lateReason: '' }

describe('approvalDefaults', () => {
  it('starts from the request when nothing is approved yet', () => {
    expect(approvalDefaults(auth)).toEqual({
      from: '2026-12-01',
      thru: '2026-12-31',
      units: '12',
      visits: '12',
      amount: '1140',
    })
  })
})

describe('planDecision', () => {
  it('an approval of the whole request writes the approved range and counts', () => {
    const plan = planDecision(
      auth,
      { tone: 'approved', approval: approvalDefaults(auth), ...reasons },
      context,
    )
    expect(plan.errors).toEqual({})
    expect(plan.partial).toBeNull()
    expect(plan.patch).toEqual({
      approved_From: '2026-12-01T00:00:00',
      approved_Thru: '2026-12-31T00:00:00',
      units_Approved: 12,
      visits_Approved: 12,
      amount_Approved: 1140,
    })
  })

  it('a partial approval states and records what is denied, and asks why', () => {
    const approval = { ...approvalDefaults(auth), units: '8', visits: '8', amount: '760' }
    const asked = planDecision(auth, { tone: 'approved', approval, ...reasons }, context)
    expect(asked.partial?.statement).toBe(
      'Partial approval: 4 of 12 visits denied. Amount denied: 380.00.',
    )
    expect(asked.errors).toEqual({ partialReason: 'Give the reason for the part denied' })
    const plan = planDecision(
      auth,
      { tone: 'approved', approval, ...reasons, partialReason: ' Eight  visits meet it. ' },
      context,
    )
    expect(plan.errors).toEqual({})
    expect(plan.patch).toMatchObject({ units_Approved: 8, units_Denied: 4, amount_Denied: 380 })
    expect(plan.patch?.narrative).toBe(
      'Records received.\n[2026-11-24 14:05 support] Partly denied: Eight visits meet it.',
    )
  })

  it('refuses an approval without its range or counts, or with the range reversed', () => {
    const empty = { from: '', thru: '', units: '', visits: '', amount: '' }
    expect(
      planDecision(auth, { tone: 'approved', approval: empty, ...reasons }, context).errors,
    ).toEqual({
      approved_From: 'Enter the first day approved',
      approved_Thru: 'Enter the last day approved',
      units_Approved: 'Enter the units or visits approved',
    })
    const reversed = { ...approvalDefaults(auth), thru: '2026-11-30', units: '-2' }
    expect(
      planDecision(auth, { tone: 'approved', approval: reversed, ...reasons }, context).errors,
    ).toEqual({
      approved_Thru: 'Must not be before approved from',
      units_Approved: 'Must be 0 or more',
    })
  })

  it('a denial, and any late decision, must give their reasons, added to the narrative', () => {
    const late = { ...context, late: true }
    const input = { tone: 'denied' as const, approval: approvalDefaults(auth), ...reasons }
    expect(planDecision(auth, input, late).errors).toEqual({
      denialReason: 'Give the reason for the denial',
      lateReason: 'Say why the decision is late',
    })
    // A code alone, or one word, is not a specific reason.
    for (const denialReason of ['CO-50', 'Denied'])
      expect(planDecision(auth, { ...input, denialReason }, context).errors).toEqual({
        denialReason: expect.stringMatching(/^State the specific reason in words/),
      })
    const plan = planDecision(
      auth,
      { ...input, denialReason: 'Not medically necessary.', lateReason: 'Records came late.' },
      late,
    )
    expect(plan.errors).toEqual({})
    expect(plan.patch).toEqual({
      narrative:
        'Records received.\n[2026-11-24 14:05 support] Denial reason: Not medically necessary.\n[2026-11-24 14:05 support] Decided late: Records came late.',
    })
    expect(decisionReasons(plan.patch?.narrative)).toEqual([
      { when: '2026-11-24 14:05 support', kind: 'Denial reason', text: 'Not medically necessary.' },
      { when: '2026-11-24 14:05 support', kind: 'Decided late', text: 'Records came late.' },
    ])
  })

  it('pending or closing writes nothing and asks nothing', () => {
    for (const tone of ['pended', 'closed'] as const)
      expect(
        planDecision(
          auth,
          { tone, approval: approvalDefaults(auth), ...reasons },
          {
            ...context,
            late: true,
          },
        ),
      ).toEqual({ errors: {}, patch: null, partial: null })
  })

  it('states a partial approval by units of their type', () => {
    const procedures = {
      ...auth,
      unit_Type: 'Procedure',
      units_Requested: 3,
      visits_Requested: null,
    }
    expect(
      partialDenial(procedures, { ...approvalDefaults(procedures), units: '1', amount: '1140' })
        ?.statement,
    ).toBe('Partial approval: 2 of 3 procedures denied.')
  })
})
