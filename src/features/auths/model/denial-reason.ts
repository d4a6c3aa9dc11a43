/*
 * A denial's reason must be specific (CMS-0057-F: each denied prior authorization states the
 * specific reason): words a member and a provider can read, not a code alone ("CO-50", "N386")
 * nor a word ("Denied"). Used wherever a denial is written: the decision and a partial approval.
 */

/** The fewest words, codes aside, that make a reason specific. */
export const SPECIFIC_REASON_WORDS = 3

/** A token that reads as a code: holds a digit ("CO-50", "N386", "4"), or is short capitals ("NMN"). */
const isCode = (word: string) => /\d/.test(word) || /^[A-Z]{1,5}[.,;:]?$/.test(word)

/** Whether `text` states a specific reason: at least `SPECIFIC_REASON_WORDS` words beside codes. */
export function isSpecificReason(text: string): boolean {
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(/^[("'[]+|[)"'\].,;:!?]+$/g, ''))
    .filter((w) => w !== '' && /\p{L}/u.test(w))
  return words.filter((w) => !isCode(w)).length >= SPECIFIC_REASON_WORDS
}
