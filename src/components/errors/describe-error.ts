import { ApiError, NetworkError, ResponseShapeError } from '@/api/errors'

export interface DescribedError {
  title: string
  message: string
  activityId?: string | undefined
}

/** What to tell a user about a failure; never the token, API key or request body. */
export function describeError(error: unknown): DescribedError {
  if (error instanceof ApiError) {
    const title =
      error.status === 404
        ? 'Not found'
        : error.status === 403
          ? 'Not allowed'
          : error.status >= 500
            ? 'The service failed'
            : 'The service refused the request'
    return { title, message: error.message, activityId: error.activityId }
  }
  if (error instanceof NetworkError) return { title: 'Service unreachable', message: error.message }
  if (error instanceof ResponseShapeError)
    return {
      title: 'Unexpected answer from the service',
      message: error.message,
      activityId: error.activityId,
    }
  if (isStaleBuild(error))
    return {
      title: 'The console was updated',
      message:
        'A part of the console could not be loaded, usually because a new version was installed since this page was opened. Reload to use the new version; drafts are kept.',
    }
  return { title: 'Something went wrong', message: 'An unexpected error occurred in the console.' }
}

/**
 * A page's code could not be loaded: the browser's words for a failed dynamic import (Chromium,
 * Firefox, Safari), or an asset the server no longer has.
 */
function isStaleBuild(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|error loading dynamically imported|importing a module script failed/i.test(
      error.message,
    )
  )
}
