import { z } from './zod'
import { optDate, optInt, optNum, optText, serviceDate } from './common'
import { AUTH_FIELDS, type AuthFieldSpec } from './auth-fields'
import { limitedText, optLimitedText } from './limited-text'

/** A field's schema as reads take it, by type: absent or null allowed. */
const OPTIONAL = {
  text: optText,
  date: optDate,
  number: optNum,
  integer: optInt,
  boolean: () => z.nullish(z.boolean()),
}
/** The same for a required (NOT NULL) field. */
const REQUIRED = {
  text: () => z.string(),
  date: () => serviceDate,
  number: () => z.number(),
  integer: () => z.int(),
  boolean: () => z.boolean(),
}

type Table = typeof AUTH_FIELDS
type ReadOf<S extends AuthFieldSpec> = S extends { required: true }
  ? ReturnType<(typeof REQUIRED)[S['type']]>
  : ReturnType<(typeof OPTIONAL)[S['type']]>
type WriteOf<S extends AuthFieldSpec> = S extends { type: 'text'; required: true }
  ? ReturnType<typeof limitedText>
  : S extends { type: 'text' }
    ? ReturnType<typeof optLimitedText>
    : ReadOf<S>

const readField = (spec: AuthFieldSpec): z.core.$ZodType =>
  (spec.required ? REQUIRED : OPTIONAL)[spec.type]()

/** Text held to its limit; the rest as read (number ranges are the service's own check). */
const writeField = (spec: AuthFieldSpec): z.core.$ZodType =>
  spec.type !== 'text'
    ? readField(spec)
    : spec.required
      ? limitedText(spec.max)
      : optLimitedText(spec.max)

function shapeOf<Shape>(fieldSchema: (spec: AuthFieldSpec) => z.core.$ZodType): Shape {
  const shape: Record<string, z.core.$ZodType> = {}
  for (const [field, spec] of Object.entries(AUTH_FIELDS)) shape[field] = fieldSchema(spec)
  return shape as Shape
}

/**
 * Auth (authorization), fields named as the service's SDK names them, as the auth field table
 * (`auth-fields.ts`) states them. Required are the NOT NULL ones. Loose: unknown fields are kept
 * so an edit never drops them.
 */
export const authSchema = z.looseObject(
  shapeOf<{ [K in keyof Table]: ReadOf<Table[K]> }>(readField),
)

export type Auth = z.infer<typeof authSchema>
export type AuthField = keyof Auth & string
export const authFields = Object.keys(authSchema.shape) as AuthField[]

/**
 * An Auth as a write sends it (create, update, an item of a batch): each text field held to its
 * limit in the table (`tPlan_Printed` stays required). Reads use `authSchema`, which takes text
 * of any length.
 */
// Pure: a bundle that does not use it drops it.
export const authWriteSchema = /* @__PURE__ */ z.looseObject(
  /* @__PURE__ */ shapeOf<{ [K in keyof Table]: WriteOf<Table[K]> }>(writeField),
)
