import type { z } from 'zod/mini'
import {
  describeStatus,
  is2xx,
  readEnvelope,
  type DoctorContext,
  type EnvelopeAnswer,
  type RequestSpec,
} from '../context'
import { checkShape, shapeDetails } from '../shape'

export interface OperationSpec {
  group: string
  /** How the report names it: `GET /events/{id}`. */
  name: string
  request: RequestSpec
  /** The console's schema of `data`. */
  schema: z.ZodMiniType
  /** `data` in words: `an Event`, `a list of Event`. */
  expect: string
  /** Keep the answer's objects for the date survey. */
  sample?: boolean
  /** Unknown fields are expected here: this is said instead of warning about them. */
  unknownExpected?: string
  /** A 403 is not the service's fault (the console asks only for these roles): SKIP, saying this. */
  forbiddenMeans?: string
}

export interface OperationResult {
  /** `data` as it came (not transformed). */
  data: unknown
  /** Whether `data` satisfied the schema (when not, later checks may still use it). */
  valid: boolean
  answer: EnvelopeAnswer
}

/**
 * Calls one operation the way the console does and records one check: FAIL when the console
 * could not use the answer (no answer, an error status, no envelope, an error in it, or `data`
 * failing the schema), WARN for what it tolerates (unknown fields, no `debug.activityID`).
 * Returns the envelope's `data` whenever there was one, valid or not; undefined otherwise.
 */
export async function checkOperation(
  ctx: DoctorContext,
  spec: OperationSpec,
): Promise<OperationResult | undefined> {
  const expected = `HTTP 2xx, the envelope, data: ${spec.expect}`
  const fail = (got: string, details: string[] = []) => {
    ctx.add(spec.group, spec.name, 'FAIL', expected, got, details)
    return undefined
  }
  const answer = await ctx.request(spec.request)
  const read = readEnvelope(answer)
  if (!read.ok) return fail(read.got)
  const { received, data, error } = read.value
  if (received.status === 403 && spec.forbiddenMeans) {
    ctx.add(spec.group, spec.name, 'SKIP', expected, `HTTP 403: ${spec.forbiddenMeans}`)
    return undefined
  }
  if (!is2xx(received.status)) return fail(describeStatus(received.status, error))
  if (error !== undefined)
    return fail(`HTTP ${received.status} with an error in the envelope`, [
      'the console treats an answer carrying error as a failure',
    ])

  const items = Array.isArray(data) ? data.length : undefined
  if (spec.sample && data !== null && data !== undefined)
    ctx.samples.push({
      source: spec.name,
      items: Array.isArray(data) ? data : [data],
      schema: spec.schema,
    })
  const shape = checkShape(spec.schema, data)
  const details = shapeDetails(shape, items)
  if (!shape.ok) {
    const wrong = shape.problems.length
    fail(`${wrong} field problem${wrong === 1 ? '' : 's'} in data`, details)
    return { data, valid: false, answer: read.value }
  }
  const what =
    items !== undefined
      ? `${items} item${items === 1 ? '' : 's'} as the schema expects`
      : data === null || data === undefined
        ? 'no data (null)'
        : 'data as the schema expects'
  const warnings: string[] = []
  if (read.value.activityId === undefined)
    warnings.push('debug.activityID is missing (the contract requires it; staff quote it)')
  if (shape.unknown.length > 0 && spec.unknownExpected) details.push(spec.unknownExpected)
  else if (shape.unknown.length > 0)
    warnings.push('unknown fields: check none is a documented field renamed')
  ctx.add(
    spec.group,
    spec.name,
    warnings.length > 0 ? 'WARN' : 'PASS',
    expected,
    `HTTP ${received.status}, ${what}`,
    [...details, ...warnings],
  )
  return { data, valid: true, answer: read.value }
}
