import type { z } from 'zod/mini'
import { parseServiceDate } from '../../../src/api/dates'
import type { DoctorContext } from '../context'
import { describeType, objectShape } from '../shape'

/**
 * Which forms the dates come in, over every object read (events, schedules, auths): the
 * offset-free wall clock `2026-03-14T09:30:00` is canonical; `Z`, offsets, fractions, a space or
 * a date alone are accepted by the console (`src/api/dates.ts`) but reported, since the console
 * sends dates back in the canonical form; anything it cannot parse fails.
 */

const CANONICAL = '2026-03-14T09:30:00'

/** Fields of an object schema that take a service date (they accept one, and refuse "x"). */
export function dateFields(schema: z.ZodMiniType): string[] {
  const shape = objectShape(schema) ?? {}
  return Object.entries(shape)
    .filter(([, field]) => field.safeParse(CANONICAL).success && !field.safeParse('x').success)
    .map(([name]) => name)
}

/** The form of a date text, in words: `canonical`, or what differs from it. */
export function dateForm(text: string): string {
  if (!parseServiceDate(text)) return 'not a date'
  const m = /^\d{4}-\d{2}-\d{2}(?:([T ])\d{2}:\d{2}(:\d{2})?(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    text.trim(),
  )
  if (!m) return 'not a date'
  const [, sep, seconds, fraction, zone] = m
  const forms: string[] = []
  if (sep === undefined) forms.push('a date alone')
  if (sep === ' ') forms.push('a space instead of T')
  if (sep !== undefined && seconds === undefined) forms.push('no seconds')
  if (fraction) forms.push('fractional seconds')
  if (zone === 'Z') forms.push('Z (UTC)')
  else if (zone) forms.push('an offset')
  return forms.length === 0 ? 'canonical' : `with ${forms.join(', ')}`
}

export function checkDates(ctx: DoctorContext): void {
  // field -> form -> count; the shapes of texts that are not dates, per field
  const forms = new Map<string, Map<string, number>>()
  const bad = new Map<string, Set<string>>()
  let total = 0
  for (const sample of ctx.samples) {
    const fields = dateFields(sample.schema)
    for (const item of sample.items) {
      if (item === null || typeof item !== 'object') continue
      for (const field of fields) {
        const value = (item as Record<string, unknown>)[field]
        if (typeof value !== 'string') continue
        total++
        const form = dateForm(value)
        const byForm = forms.get(field) ?? new Map<string, number>()
        byForm.set(form, (byForm.get(form) ?? 0) + 1)
        forms.set(field, byForm)
        if (form === 'not a date')
          bad.set(field, (bad.get(field) ?? new Set()).add(describeType(value, true)))
      }
    }
  }
  const expected = `offset-free wall-clock dates such as ${CANONICAL}`
  if (total === 0) {
    ctx.add('dates', 'date formats', 'SKIP', expected, 'no dates were read')
    return
  }
  const details: string[] = []
  const seen = new Map<string, number>()
  for (const [field, byForm] of forms) {
    for (const [form, count] of byForm) {
      seen.set(form, (seen.get(form) ?? 0) + count)
      if (form === 'not a date')
        details.push(
          `${field}: ${count} not a date the console can read (${[...(bad.get(field) ?? [])].join(', ')})`,
        )
      else if (form !== 'canonical') details.push(`${field}: ${count} ${form}`)
    }
  }
  const summary = [...seen].map(([form, count]) => `${count} ${form}`).join(', ')
  const outcome = seen.has('not a date')
    ? 'FAIL'
    : seen.size === 1 && seen.has('canonical')
      ? 'PASS'
      : 'WARN'
  if (outcome === 'WARN')
    details.push(
      'accepted: the console reads them (Z and offsets converted to local wall-clock time) but sends dates back offset-free',
    )
  ctx.add('dates', 'date formats', outcome, expected, `${total} dates: ${summary}`, details)
}
