import { formatClock, formatDayAndClock } from '@/lib/format/format'
import type { RuntimeConfig } from '@/lib/runtime-config'

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate()

/** "09:12" on the day of `now`, "23 Nov, 21:40" on any other (on the locale's clock). */
function moment(at: number, now: number): string {
  const date = new Date(at)
  return sameDay(date, new Date(now)) ? formatClock(date) : formatDayAndClock(date)
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/** "30 seconds", "15 minutes", "2 hours", "1 hour 30 minutes". */
export function duration(minutes: number): string {
  if (minutes < 1) return plural(Math.round(minutes * 60), 'second')
  const whole = Math.round(minutes)
  const hours = Math.floor(whole / 60)
  const rest = whole % 60
  if (hours === 0) return plural(rest, 'minute')
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`
}

export interface SessionFacts {
  /** When the user signed in (ms), when the token says. */
  signedInAt: number | null
  idleLockMinutes: RuntimeConfig['idleLockMinutes']
  /** The service's limits as config.json states them; the console cannot ask the service. */
  limits: RuntimeConfig['sessionLimits']
  now: number
}

/**
 * What will happen to the session and when, as far as the console knows it: when the user
 * signed in, the console's own idle lock, and the service's limits when config.json states them.
 * (The token's own expiry is not worth telling: it is renewed without the user noticing.)
 */
export function describeSession({ signedInAt, idleLockMinutes, limits, now }: SessionFacts) {
  const lines = [
    signedInAt === null ? 'Sign-in time not known' : `Signed in at ${moment(signedInAt, now)}`,
    `Locks after ${duration(idleLockMinutes)} without activity`,
  ]
  const ends: string[] = []
  if (limits?.idleMinutes) ends.push(`after ${duration(limits.idleMinutes)} idle`)
  if (limits?.maxHours)
    ends.push(
      signedInAt === null
        ? `${duration(limits.maxHours * 60)} after sign-in at the latest`
        : `at ${moment(signedInAt + limits.maxHours * 3_600_000, now)} at the latest`,
    )
  if (ends.length > 0) lines.push(`The service ends the session ${ends.join(' or ')}`)
  return lines
}
