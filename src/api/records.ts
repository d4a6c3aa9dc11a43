import { z } from './schemas/zod'

/*
 * Reading records one by one. A list answer is validated per record: the envelope and
 * the array are required, each element is parsed alone, and one that fails the contract is left
 * out and reported by its ID and the names of the fields that failed, never by its content (it
 * holds member data). A single record (a detail page) can be read as far as it goes: the fields
 * that pass, and the names of those that do not.
 */

/** A record of a list the contract rejects: its ID when one can be read, the fields that failed. */
export interface UnreadableRecord {
  /** The record's ID (a positive whole number, or digits), or null when that is unreadable too. */
  id: number | null
  /** Names of the fields that failed, in the record's order; empty when it is not an object. */
  fields: string[]
}

/** The records of a list that passed the contract, and those that did not. */
export interface RecordList<T> {
  records: T[]
  unreadable: UnreadableRecord[]
}

const MAX_ID = 2_147_483_647

/** A record's ID as a number: a positive whole number, or the same written in digits. */
export function readRecordId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : null
}

/** The top-level fields named by a failed parse's issues, each once. */
export function failedFields(issues: readonly z.core.$ZodIssue[]): string[] {
  const fields: string[] = []
  for (const issue of issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && !fields.includes(field)) fields.push(field)
  }
  return fields
}

/** Reads one element of a record list into `list`: kept when it passes, else reported. */
type ReadElement = (item: unknown, list: RecordList<unknown>) => void

/** The element readers of the schemas made by `recordListSchema`, for `safeParseInSlices`. */
const elementReaders = new WeakMap<z.core.$ZodType, ReadElement>()

const listShape = z.nullable(z.array(z.unknown()))

/**
 * A list whose elements are parsed one by one with `schema`: `data` must be an array (or null,
 * an empty list); an element that fails is reported with the ID read from `idField`.
 */
export function recordListSchema<S extends z.core.$ZodType>(schema: S, idField: string) {
  const readElement: ReadElement = (item, list) => {
    const parsed = z.safeParse(schema, item)
    if (parsed.success) list.records.push(parsed.data)
    else
      list.unreadable.push({
        id: isObject(item) ? readRecordId(item[idField]) : null,
        fields: isObject(item) ? failedFields(parsed.error.issues) : [],
      })
  }
  const listSchema = z.pipe(
    listShape,
    z.transform((items): RecordList<z.output<S>> => {
      const list: RecordList<z.output<S>> = { records: [], unreadable: [] }
      for (const item of items ?? []) readElement(item, list)
      return list
    }),
  )
  elementReaders.set(listSchema, readElement)
  return listSchema
}

/** What `z.safeParse(schema, …)` answers. */
type SafeParse<S extends z.core.$ZodType> = ReturnType<typeof z.safeParse<S>>

/** How often (in elements) a sliced read looks at the clock. */
const CLOCK_EVERY = 32

/**
 * `z.safeParse(schema, data)`, except that a record list (`recordListSchema`) is read a slice of
 * about `sliceMs` at a time with `pause()` between slices: the same answer, but a long list (the
 * 5,900 active events of a busy user take 15–40 ms to validate) never holds the page's thread in
 * one task.
 */
export async function safeParseInSlices<S extends z.core.$ZodType>(
  schema: S,
  data: unknown,
  pause: () => Promise<void>,
  sliceMs = 8,
): Promise<SafeParse<S>> {
  const readElement = elementReaders.get(schema)
  if (!readElement) return z.safeParse(schema, data)
  const shape = z.safeParse(listShape, data)
  if (!shape.success) return shape as SafeParse<S>
  const list: RecordList<unknown> = { records: [], unreadable: [] }
  const items = shape.data ?? []
  let sliceStart = performance.now()
  for (let i = 0; i < items.length; i++) {
    readElement(items[i], list)
    if (i % CLOCK_EVERY === CLOCK_EVERY - 1 && performance.now() - sliceStart > sliceMs) {
      await pause()
      sliceStart = performance.now()
    }
  }
  return { success: true, data: list as z.output<S> } as SafeParse<S>
}

/** One record read as far as it goes: whole, or the fields that passed and the names of the rest. */
export type ReadableRecord<T> =
  | { complete: true; record: T; unreadable: [] }
  | { complete: false; record: Partial<T>; unreadable: string[] }

type ObjectSchema = z.core.$ZodType & { shape: Record<string, z.core.$ZodType> }

/**
 * A single record (`data` must be an object) read leniently: when it fails the contract, each
 * documented field is parsed alone and kept when it passes; fields the contract does not know are
 * kept as they came (loose, as the schema would); the names of the failing fields are listed.
 */
export function readableRecordSchema<S extends ObjectSchema>(schema: S) {
  return z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((raw): ReadableRecord<z.output<S>> => {
      const whole = z.safeParse(schema, raw)
      if (whole.success) return { complete: true, record: whole.data, unreadable: [] }
      const record: Record<string, unknown> = {}
      const unreadable: string[] = []
      for (const [field, fieldSchema] of Object.entries(schema.shape)) {
        const parsed = z.safeParse(fieldSchema, raw[field])
        if (!parsed.success) unreadable.push(field)
        else if (field in raw) record[field] = parsed.data
      }
      for (const [field, value] of Object.entries(raw))
        if (!(field in schema.shape)) record[field] = value
      if (unreadable.length === 0) unreadable.push(...failedFields(whole.error.issues))
      return { complete: false, record: record as Partial<z.output<S>>, unreadable }
    }),
  )
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
