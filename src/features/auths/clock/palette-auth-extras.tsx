import { useEffect } from 'react'
import type { PaletteAuthExtras } from './palette-auth-extras-data'
import { useAuthClockTexts, useKnownAuthMatches } from './use-auth-clock-texts'

interface PaletteAuthExtrasProps {
  text: string
  recent: readonly string[]
  onChange: (extras: PaletteAuthExtras) => void
}

/**
 * Reads, for search everywhere, the decision clocks of the recent auths and the known auths that
 * match what is typed, and hands them up. Loaded with the palette's first opening, so the console
 * does not carry it until then; renders nothing.
 */
export default function PaletteAuthExtrasReader({
  text,
  recent,
  onChange,
}: PaletteAuthExtrasProps) {
  const clocks = useAuthClockTexts(recent)
  const matches = useKnownAuthMatches(text)
  const key = JSON.stringify([[...clocks], matches])
  useEffect(() => {
    onChange({ clocks, matches })
    // `key` says when the answers changed; the maps and lists are new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, onChange])
  return null
}
