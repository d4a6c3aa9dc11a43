import { describe, expect, it } from 'vitest'
import type { Auth } from '@/api/schemas/auth'
import { clockText } from '../clock/clock-text'
import {
  byDecisionDue,
  DEFAULT_DECISION_RULES,
  decisionClock,
  ruleFor,
  type DecisionRules,
} from './decision-clock'

const auth = (fields: Partial<Auth>): Auth => ({
  closed: false,
  new_Or_Extended: false,
  previous_Treatment: false,
  tPlan_DownLoaded: false,
  tPlan_Printed: 'N',
  urgent: false,
  auth_Code: 'P',
  status: 'Pended',
  ...fields,
})

describe('decisionClock (default rules: urgent 72 hours, standard 7 calendar days)', () => {
  const now = new Date(2026, 10, 24, 14, 0)

  it('an urgent auth received 48 hours ago is due in a day, and turns amber', () => {
    const clock = decisionClock(
      auth({ urgent: true, received_Date: '2026-11-22T14:00:00' }),
      DEFAULT_DECISION_RULES,
      now,
    )
    expect(clock.kind).toBe('running')
    if (clock.kind !== 'running') return
    expect(clock.due).toEqual(new Date(2026, 10, 25, 14, 0))
    expect(clock.state).toBe('soon')
    expect(clock.rule.name).toBe('Urgent')
    expect(clockText(clock)).toBe('Decision due Wed 25 Nov, 14:00 — in 1 day')
  })

  it('a standard auth received 9 days ago is overdue by 2 days, red', () => {
    const clock = decisionClock(
      auth({ received_Date: '2026-11-15T14:00:00' }),
      DEFAULT_DECISION_RULES,
      now,
    )
    expect(clock.kind === 'running' && clock.state).toBe('overdue')
    expect(clockText(clock)).toBe('Decision due Sun 22 Nov, 14:00 — overdue by 2 days')
  })

  it('counts calendar days for a standard auth, across a clock change', () => {
    // Received before the end of summer time in most zones with one: still due at 09:30.
    const clock = decisionClock(
      auth({ received_Date: '2026-10-22T09:30:00' }),
      DEFAULT_DECISION_RULES,
      new Date(2026, 9, 23),
    )
    expect(clock.kind === 'running' && clock.due).toEqual(new Date(2026, 9, 29, 9, 30))
  })

  it('a comfortable one is on time', () => {
    const clock = decisionClock(
      auth({ received_Date: '2026-11-23T10:00:00' }),
      DEFAULT_DECISION_RULES,
      now,
    )
    expect(clock.kind === 'running' && clock.state).toBe('on-time')
    expect(clockText(clock)).toBe('Decision due Mon 30 Nov, 10:00 — in 5 days 20 h')
  })

  it('has no clock once decided, or without a received date', () => {
    const received = '2026-11-15T14:00:00'
    for (const decided of [
      { auth_Code: 'A', status: 'Approved' },
      { auth_Code: 'D', status: 'Denied' },
      { auth_Code: 'C', status: 'Closed' },
      { auth_Code: null, status: 'Approved in part' },
      { closed: true },
    ])
      expect(
        decisionClock(auth({ received_Date: received, ...decided }), DEFAULT_DECISION_RULES, now)
          .kind,
      ).toBe('decided')
    expect(decisionClock(auth({}), DEFAULT_DECISION_RULES, now).kind).toBe('no-received-date')
  })
})

describe('rules a plan names', () => {
  const rules: DecisionRules = {
    warnHours: 48,
    rules: [
      { name: 'Urgent', when: { urgent: true }, hours: 72 },
      { name: 'Commercial standard', when: { plan_ID: ['COMM-PPO', 'comm-hmo'] }, days: 15 },
      { name: 'Inpatient', when: { auth_Type: 'Inpatient' }, hours: 24 },
    ],
  }

  it('takes the first rule whose conditions all hold, comparing text in any case', () => {
    expect(ruleFor(auth({ urgent: true, plan_ID: 'COMM-PPO' }), rules)?.name).toBe('Urgent')
    expect(ruleFor(auth({ plan_ID: 'COMM-HMO' }), rules)?.name).toBe('Commercial standard')
    expect(ruleFor(auth({ auth_Type: ' inpatient ' }), rules)?.name).toBe('Inpatient')
    expect(ruleFor(auth({ plan_ID: 'MEDICAID' }), rules)).toBeNull()
    const clock = decisionClock(
      auth({ plan_ID: 'MEDICAID', received_Date: '2026-11-01T00:00:00' }),
      rules,
      new Date(2026, 10, 2),
    )
    expect(clock.kind).toBe('no-rule')
  })

  it('turns amber within the configured hours', () => {
    const clock = decisionClock(
      auth({ plan_ID: 'COMM-PPO', received_Date: '2026-11-01T08:00:00' }),
      rules,
      new Date(2026, 10, 14, 9, 0),
    )
    expect(clock.kind === 'running' && clock.state).toBe('soon')
  })
})

describe('byDecisionDue', () => {
  it('puts the most urgent first, then auths without a clock', () => {
    const now = new Date(2026, 10, 24, 14, 0)
    const clocks = [
      auth({ auth_Number: 'later', received_Date: '2026-11-23T10:00:00' }),
      auth({ auth_Number: 'decided', auth_Code: 'A', status: 'Approved' }),
      auth({ auth_Number: 'overdue', received_Date: '2026-11-15T14:00:00' }),
      auth({ auth_Number: 'urgent', urgent: true, received_Date: '2026-11-22T14:00:00' }),
    ].map((a) => ({ a, clock: decisionClock(a, DEFAULT_DECISION_RULES, now) }))
    clocks.sort((x, y) => byDecisionDue(x.clock, y.clock))
    expect(clocks.map((c) => c.a.auth_Number)).toEqual(['overdue', 'urgent', 'later', 'decided'])
  })
})
