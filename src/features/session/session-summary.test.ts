import { describe, expect, it } from 'vitest'
import { describeSession, duration } from './session-summary'

const at = (hours: number, minutes: number, day = 24) =>
  new Date(2026, 10, day, hours, minutes).getTime()

describe('describeSession', () => {
  it('says when the user signed in, when the console locks and when the service ends it', () => {
    expect(
      describeSession({
        signedInAt: at(9, 12),
        idleLockMinutes: 15,
        limits: { idleMinutes: 120, maxHours: 12 },
        now: at(15, 31),
      }),
    ).toEqual([
      'Signed in at 09:12',
      'Locks after 15 minutes without activity',
      'The service ends the session after 2 hours idle or at 21:12 at the latest',
    ])
  })

  it('names the day of a time that is not today', () => {
    expect(
      describeSession({
        signedInAt: at(21, 40, 23),
        idleLockMinutes: 15,
        limits: { maxHours: 12 },
        now: at(8, 0),
      }),
    ).toEqual([
      'Signed in at 23 Nov, 21:40',
      'Locks after 15 minutes without activity',
      'The service ends the session at 09:40 at the latest',
    ])
  })

  it('states only what it knows: no limits configured, no sign-in time', () => {
    expect(
      describeSession({ signedInAt: null, idleLockMinutes: 1, limits: undefined, now: at(9, 0) }),
    ).toEqual(['Sign-in time not known', 'Locks after 1 minute without activity'])
    expect(
      describeSession({
        signedInAt: null,
        idleLockMinutes: 15,
        limits: { maxHours: 8 },
        now: at(9, 0),
      })[2],
    ).toBe('The service ends the session 8 hours after sign-in at the latest')
  })

  it('words durations', () => {
    expect([0.5, 1, 15, 60, 90, 720].map(duration)).toEqual([
      '30 seconds',
      '1 minute',
      '15 minutes',
      '1 hour',
      '1 hour 30 minutes',
      '12 hours',
    ])
  })
})
