const INT32_MAX = 2_147_483_647

/**
 * The event ID of a route parameter: a positive 32-bit whole number, else null (the page then
 * shows "not found" rather than asking the service about an ID that cannot exist).
 */
export function parseEventId(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null
  const id = Number(text)
  return id > 0 && id <= INT32_MAX ? id : null
}
