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
  return { title: 'Something went wrong', message: 'An unexpected error occurred in the console.' }
}
