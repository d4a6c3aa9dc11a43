import { Fragment, useContext } from 'react'
import { Link } from 'react-router'
import { paths } from '@/lib/paths'
import { AuthReferenceAddon } from './auth-reference'

/**
 * Auth numbers (`26-000123`) and event references (`event 42`, `event #42`) in an event's text,
 * found in order. Only these shapes: a bare number may be a claim or member number, not an event.
 */
const REFERENCE = /\b(\d{2}-\d{6})\b|\bevent\s+#?(\d{1,9})\b/gi

export type TextPart = string | { auth: string; text: string } | { eventId: number; text: string }

export function splitReferences(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(REFERENCE)) {
    const at = match.index
    if (at > last) parts.push(text.slice(last, at))
    parts.push(
      match[1] ? { auth: match[1], text: match[0] } : { eventId: Number(match[2]), text: match[0] },
    )
    last = at + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}

/** Text with its auth numbers and event references as links (an auth's clock beside it, if given). */
export function LinkedText({ text }: { text: string }) {
  const Addon = useContext(AuthReferenceAddon)
  return (
    <>
      {splitReferences(text).map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : 'auth' in part ? (
          <Fragment key={i}>
            <Link to={paths.auths.detail(part.auth)} aria-label={`Auth ${part.auth}`}>
              {part.text}
            </Link>
            {Addon && (
              <>
                {' '}
                <Addon authNumber={part.auth} />
              </>
            )}
          </Fragment>
        ) : (
          <Link key={i} to={paths.events.detail(part.eventId)}>
            {part.text}
          </Link>
        ),
      )}
    </>
  )
}
