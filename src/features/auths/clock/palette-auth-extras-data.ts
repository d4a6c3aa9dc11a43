/** What search everywhere adds to its auths: recent ones' clocks, and known auths that match. */
export interface PaletteAuthExtras {
  /** "due in 1 day" by auth number. */
  clocks: ReadonlyMap<string, string>
  /** Known auths whose member, provider, status or number match the text. */
  matches: readonly { authNumber: string; detail: string }[]
}

/** Before the reader (`palette-auth-extras.tsx`, loaded on first use) has answered. */
export const NO_PALETTE_AUTH_EXTRAS: PaletteAuthExtras = { clocks: new Map(), matches: [] }
