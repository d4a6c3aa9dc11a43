/** A value a picker offers: what is stored, what is shown, and a detail (e.g. how many use it). */
export interface Choice {
  value: string
  label: string
  detail?: string
}

const fold = (text: string) => text.trim().toLowerCase()

/**
 * The known choice a typed text names: its value in any case, else the one choice whose label it
 * is ("Follow up" for FOLLOW_UP; "Utilization review" for "Utilization review (1)", the label
 * without its value in brackets). Undefined for none, or for a label more than one choice has.
 */
export function choiceNamed(text: string, choices: readonly Choice[]): Choice | undefined {
  const typed = fold(text)
  if (!typed) return undefined
  const byValue = choices.find((c) => fold(c.value) === typed)
  if (byValue) return byValue
  const byLabel = choices.filter((c) => {
    const label = fold(c.label)
    const suffix = ` (${fold(c.value)})`
    return label === typed || (label.endsWith(suffix) && label.slice(0, -suffix.length) === typed)
  })
  return byLabel.length === 1 ? byLabel[0] : undefined
}

/**
 * The known value a typed one stands for: the same in another case or with spaces around
 * ("task" → "TASK"), or the label of exactly one ("Follow up" → "FOLLOW_UP"); otherwise the text
 * as typed, trimmed.
 */
export function normaliseChoice(text: string, choices: readonly Choice[]): string {
  return choiceNamed(text, choices)?.value ?? text.trim()
}

/** Whether a typed text is one of the known values, in any case, or the label of one. */
export const isKnownChoice = (text: string, choices: readonly Choice[]) =>
  choiceNamed(text, choices) !== undefined
