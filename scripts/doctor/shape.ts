import type { z } from 'zod/mini'

/**
 * Compares an answer's `data` with one of the console's own schemas (`src/api/schemas/`): each
 * field that fails (path, expected, got) and each field the schema does not know, by name. What
 * is reported is a field's name, its type and a count: never its value. A date-like text is
 * described by its shape (`99/99/9999`), which shows the format without the date.
 */

export interface FieldProblem {
  /** `data[].event_ID`: array positions are folded, so one line stands for every item. */
  path: string
  expected: string
  got: string
  count: number
}

export interface ShapeReport {
  ok: boolean
  problems: FieldProblem[]
  /** Fields the schema does not know, with how many items had them. */
  unknown: { path: string; count: number }[]
}

type Key = PropertyKey

function joinPath(root: string, path: readonly Key[]): string {
  let out = root
  for (const key of path) out += typeof key === 'number' ? '[]' : `.${String(key)}`
  return out
}

function valueAt(data: unknown, path: readonly Key[]): { found: boolean; value: unknown } {
  let value = data
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !(key in value))
      return { found: false, value: undefined }
    value = (value as Record<Key, unknown>)[key]
  }
  return { found: true, value }
}

const DATE_LIKE = /^[\d\s\-/:.,TZ+]{1,35}$/

/** The type of a value in words; a date-like text by its shape, any other text only as "text". */
export function describeType(value: unknown, showShape = false): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  switch (typeof value) {
    case 'string':
      return showShape && DATE_LIKE.test(value)
        ? `text shaped "${value.replace(/\d/g, '9')}"`
        : 'text'
    case 'number':
      return Number.isInteger(value) ? 'an integer' : 'a number with a fraction'
    case 'boolean':
      return 'a boolean'
    case 'object':
      return 'an object'
    default:
      return typeof value
  }
}

const TYPE_WORDS: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'text',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
}

function expectedOf(schema: z.ZodMiniType, issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    // A missing or mistyped whole number is reported as "number": the schema says which.
    const field = issue.expected === 'number' ? schemaAt(schema, issue.path) : undefined
    if (field?.safeParse(1).success && !field.safeParse(1.5).success) return 'an integer'
    return TYPE_WORDS[issue.expected] ?? String(issue.expected)
  }
  // Messages come from the schemas (ours or zod's defaults), which never quote the input.
  const message = issue.message.replace(/^(Invalid input: |Expected )/, '')
  return message.charAt(0).toLowerCase() + message.slice(1)
}

export function checkShape(schema: z.ZodMiniType, data: unknown, root = 'data'): ShapeReport {
  const parsed = schema.safeParse(data)
  const grouped = new Map<string, FieldProblem>()
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const at = valueAt(data, issue.path)
    const got = at.found ? describeType(at.value, issue.code === 'invalid_format') : 'missing'
    const problem = {
      path: joinPath(root, issue.path),
      expected: expectedOf(schema, issue),
      got,
      count: 1,
    }
    const key = `${problem.path}|${problem.expected}|${problem.got}`
    const seen = grouped.get(key)
    if (seen) seen.count++
    else grouped.set(key, problem)
  }
  const unknown = new Map<string, number>()
  collectUnknown(schema, data, root, unknown)
  return {
    ok: parsed.success,
    problems: [...grouped.values()],
    unknown: [...unknown].map(([path, count]) => ({ path, count })),
  }
}

interface Def {
  type: string
  shape?: Record<string, z.ZodMiniType>
  element?: z.ZodMiniType
  innerType?: z.ZodMiniType
  in?: z.ZodMiniType
}
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { def: Def }).def

/** The object or array schema under optional, nullable, default, catch and pipe wrappers. */
export function unwrap(schema: z.ZodMiniType): z.ZodMiniType {
  let current = schema
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current)
    const inner = def.type === 'pipe' ? def.in : def.innerType
    if (!inner) return current
    current = inner
  }
  return current
}

/** The fields of an object schema (after unwrapping), or of the items of an array schema. */
export function objectShape(schema: z.ZodMiniType): Record<string, z.ZodMiniType> | undefined {
  let def = defOf(unwrap(schema))
  if (def.type === 'array' && def.element) def = defOf(unwrap(def.element))
  return def.type === 'object' ? def.shape : undefined
}

/** The schema of the value at `path` (array positions and object keys), if the schema says. */
function schemaAt(schema: z.ZodMiniType, path: readonly Key[]): z.ZodMiniType | undefined {
  let current: z.ZodMiniType | undefined = schema
  for (const key of path) {
    if (!current) return undefined
    const def = defOf(unwrap(current))
    current =
      typeof key === 'number'
        ? def.element
        : def.type === 'object'
          ? def.shape?.[String(key)]
          : undefined
  }
  return current
}

const MAX_NAME = 60

function collectUnknown(
  schema: z.ZodMiniType,
  value: unknown,
  path: string,
  out: Map<string, number>,
) {
  if (value === null || typeof value !== 'object') return
  const def = defOf(unwrap(schema))
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    for (const item of value) collectUnknown(def.element, item, `${path}[]`, out)
    return
  }
  if (def.type !== 'object' || !def.shape || Array.isArray(value)) return
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const field = def.shape[key]
    if (field) collectUnknown(field, child, `${path}.${key}`, out)
    else {
      const name = key.length > MAX_NAME ? `${key.slice(0, MAX_NAME)}…` : key
      const at = `${path}.${name}`
      out.set(at, (out.get(at) ?? 0) + 1)
    }
  }
}

/** Report lines for a shape comparison: one per failing field, then the unknown fields. */
export function shapeDetails(shape: ShapeReport, items?: number): string[] {
  const of = (count: number) => (items !== undefined && items > 1 ? ` (${count} of ${items})` : '')
  const lines = shape.problems.map(
    (p) => `${p.path}: expected ${p.expected}, got ${p.got}${of(p.count)}`,
  )
  if (shape.unknown.length > 0)
    lines.push(
      `unknown fields (kept by the console): ${shape.unknown.map((u) => `${u.path}${of(u.count)}`).join(', ')}`,
    )
  return lines
}
