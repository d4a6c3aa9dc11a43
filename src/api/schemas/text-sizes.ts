/*
 * The sizes of text the service stores, in characters, by what the text is. Plain data with no
 * import: the auth field table reads it, and a bundle that reads the table only for an auth
 * number pattern or a label must be free to leave the table out.
 */

/** The sizes of text by what it is: a field table gives each text field one of them. */
export const TEXT_SIZE = {
  /** User IDs, as the service stamps them (entered by, updated by, assigned to). */
  user: 100,
  /** Codes and identifiers (a provider ID, a plan ID, a procedure code). */
  code: 50,
  /** A word or short phrase from a list (a type, a status, a frequency). */
  term: 100,
  /** A name or a place. */
  name: 200,
  /** A one-letter flag such as Y or N, with room for a short code. */
  flag: 20,
  /** Free text written by people: notes, narratives, an event's metadata. */
  note: 8_000,
} as const
