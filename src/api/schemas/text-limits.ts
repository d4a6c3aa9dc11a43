import { AUTH_KEYS, specOf, type AuthKeyWhere } from './auth-fields'

/*
 * Every text limit in one place: for the service (a longer value in a write is refused with 400
 * naming the field), its OpenAPI document (`maxLength` of the write schemas) and the console's
 * forms (a counter under the field, and the form refusing longer). Reads are not limited: a
 * record another service wrote must stay readable whatever it holds. The event and schedule
 * limits and the schemas are `limited-text.ts`'s (the sizes by kind, `text-sizes.ts`'s); an
 * Auth's come from its field table (`auth-fields.ts`). Event code imports `limited-text.ts`, so
 * it never carries that table.
 */

export {
  EVENT_TEXT_LIMITS,
  formatCount,
  limitedFields,
  limitedText,
  optLimitedText,
  SCHEDULE_TEXT_LIMITS,
  tooLongMessage,
} from './limited-text'

function authTextLimits() {
  const limits: Record<string, number> = {}
  for (const field of AUTH_KEYS) {
    const spec = specOf(field)
    if (spec.type === 'text') limits[field] = spec.max
  }
  return limits as Readonly<Record<AuthKeyWhere<{ type: 'text' }>, number>>
}

/** Every text field of an Auth with its limit, as the auth field table states it. */
export const AUTH_TEXT_LIMITS = /* @__PURE__ */ authTextLimits()
