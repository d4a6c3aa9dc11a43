import type { Answer } from '@/api/client'
import { ApiError } from '@/api/errors'
import type { KickResult } from '@/api/schemas/session'
import { describeError } from '@/components/errors/describe-error'

/** What was asked of the service. */
export type KickAction = { kind: 'user'; userId: string } | { kind: 'longest' }

export type KickOutcomeKind =
  | 'done'
  | 'nothing-to-end'
  | 'no-such-user'
  | 'nobody-else'
  | 'not-allowed'
  | 'signed-out'
  | 'failed'

/** The result of an action, stated plainly. */
export interface KickOutcome {
  kind: KickOutcomeKind
  title: string
  detail?: string | undefined
  /** The service's problem detail, shown as it was said (e.g. to explain a 403). */
  serviceMessage?: string | undefined
  activityId?: string | undefined
}

export const outcomeTone = (kind: KickOutcomeKind): 'success' | 'info' | 'error' =>
  kind === 'done'
    ? 'success'
    : kind === 'nothing-to-end' || kind === 'nobody-else'
      ? 'info'
      : 'error'

const actionPhrase = (action: KickAction) =>
  action.kind === 'user' ? `end the session of ${action.userId}` : 'end the longest session'

/** `End the session of staff`, `End the longest session`. */
export const describeAction = (action: KickAction) => {
  const phrase = actionPhrase(action)
  return phrase.charAt(0).toUpperCase() + phrase.slice(1)
}

const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`

/**
 * The outcome of a kick the service refused with `status`, or null for a status that says
 * nothing particular of kicks. `serviceMessage` is what the service said, when known.
 */
export function outcomeOfRefusal(
  action: KickAction,
  status: number,
  base: { serviceMessage?: string | undefined; activityId?: string | undefined },
): KickOutcome | null {
  if (status === 403)
    return {
      ...base,
      kind: 'not-allowed',
      title: 'Not allowed: only administrators can end sessions',
      detail: base.serviceMessage ? `The service answered: ${base.serviceMessage}` : undefined,
    }
  if (status === 404 && action.kind === 'user')
    return {
      ...base,
      kind: 'no-such-user',
      title: `No such user: ${action.userId}`,
      detail: `The service knows no user with the ID "${action.userId}". Check the ID and try again.`,
    }
  if (status === 404)
    return {
      ...base,
      kind: 'nobody-else',
      title: 'Nobody else is signed in: no session was ended',
      detail: 'Apart from you, no user has a session open.',
    }
  if (status === 401)
    return {
      ...base,
      kind: 'signed-out',
      title: 'Your own session has ended',
      detail: 'Sign in again, then try once more.',
    }
  return null
}

/** The outcome of an answered kick, with the activity ID the service sent (to quote to support). */
export function outcomeOfSuccess(
  action: KickAction,
  { data: result, activityId }: Answer<KickResult>,
): KickOutcome {
  const who = result?.user_ID ?? (action.kind === 'user' ? action.userId : null)
  const ended = result?.sessionsEnded
  if (ended === 0)
    return {
      activityId,
      kind: 'nothing-to-end',
      title: `${who ?? 'That user'} was not signed in: no session was ended`,
      detail: 'Nothing changed.',
    }
  const count = typeof ended === 'number' ? sessions(ended) : 'the session'
  const title = who ? `Ended ${count} of ${who}` : `Ended ${count} of the user signed in longest`
  return {
    activityId,
    kind: 'done',
    title,
    detail:
      action.kind === 'longest'
        ? `${who ?? 'They'} had been signed in longest and will have to sign in again.`
        : `${who} will have to sign in again.`,
  }
}

export function outcomeOfFailure(action: KickAction, error: unknown): KickOutcome {
  if (error instanceof ApiError) {
    const refused = outcomeOfRefusal(action, error.status, {
      serviceMessage: error.message,
      activityId: error.activityId,
    })
    if (refused) return refused
  }
  const described = describeError(error)
  return {
    kind: 'failed',
    title: `Could not ${actionPhrase(action)}: ${described.title.toLowerCase()}`,
    detail: described.message,
    activityId: described.activityId,
  }
}
