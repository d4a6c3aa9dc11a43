/** A value a picker offers: what is stored, what is shown, and a detail (e.g. how many use it). */
export interface Choice {
  value: string
  label: string
  detail?: string
}

/**
 * The known value a typed one stands for when they differ only in case or surrounding spaces
 * ("task" → "TASK"); otherwise the text as typed, trimmed. Null when there is nothing typed.
 */
export function normaliseChoice(text: string, choices: readonly Choice[]): string {
  const typed = text.trim()
  if (!typed) return typed
  const lower = typed.toLowerCase()
  return choices.find((c) => c.value.toLowerCase() === lower)?.value ?? typed
}

/** Whether a value (as typed) is one of the known ones, in any case. */
export const isKnownChoice = (text: string, choices: readonly Choice[]) =>
  choices.some((c) => c.value.toLowerCase() === text.trim().toLowerCase())
