/*
 * Where form drafts live (sessionStorage, this tab only) and what the session does with them,
 * without React or react-hook-form: the session store and controller use it on the sign-in
 * page's budget. The hook that keeps a form's draft is `form-draft.ts`.
 */
export const DRAFT_PREFIX = 'bac.draft.'
const OWNER_KEY = 'bac.drafts-owner'

/** What each mounted form would store now; run by `flushDrafts` (the idle lock). */
export const flushers = new Set<() => void>()

/** Stores every mounted form's unsaved input at once, before the lock unmounts the forms. */
export function flushDrafts() {
  for (const flush of flushers) flush()
}

/**
 * Drafts belong to the user who typed them: when `userId` signs in and the drafts in this tab
 * are someone else's, they are removed unseen.
 */
export function claimDrafts(userId: string) {
  try {
    if (sessionStorage.getItem(OWNER_KEY) !== userId)
      for (const key of Object.keys(sessionStorage))
        if (key.startsWith(DRAFT_PREFIX)) sessionStorage.removeItem(key)
    sessionStorage.setItem(OWNER_KEY, userId)
  } catch {
    // storage unavailable: there are no drafts either
  }
}
