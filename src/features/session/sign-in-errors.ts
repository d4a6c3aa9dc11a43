import { ApiError, NetworkError, ResponseShapeError } from '@/api/errors'

export interface SignInFailure {
  message: string
  field?: 'password' | 'apiKey' | 'database' | 'serviceUrl' | 'token'
  activityId?: string | undefined
}

/** Turns a failed sign-in into a specific, human explanation. */
export function explainSignInError(
  error: unknown,
  serviceUrl: string,
  database: string,
  /** What was refused: a username and password, the signed-in user's password, or a token. */
  secret: 'credentials' | 'password' | 'token',
): SignInFailure {
  if (error instanceof ApiError) {
    const activityId = error.activityId
    if (error.status === 401)
      return secret === 'token'
        ? {
            message: 'The token was refused: it is wrong or has expired.',
            field: 'token',
            activityId,
          }
        : {
            message:
              secret === 'password'
                ? 'The password is wrong.'
                : 'The username or password is wrong.',
            field: 'password',
            activityId,
          }
    if (error.status === 403)
      return {
        message: 'The service refused the API key. Check it and try again.',
        field: 'apiKey',
        activityId,
      }
    if (error.status === 404 || (error.status === 400 && /database/i.test(error.message)))
      return {
        message: `The service has no database named "${database}".`,
        field: 'database',
        activityId,
      }
    return { message: `The service could not sign you in: ${error.message}`, activityId }
  }
  if (error instanceof NetworkError) {
    if (error.kind === 'timeout')
      return {
        message: `The service at ${serviceUrl} did not answer in time.`,
        field: 'serviceUrl',
      }
    return {
      message: `Could not reach the service at ${serviceUrl}. Check the address and your network, and that the service allows this site (CORS).`,
      field: 'serviceUrl',
    }
  }
  if (error instanceof ResponseShapeError)
    return {
      message: `The address ${serviceUrl} answered, but not like the benefits service. Check the service URL.`,
      field: 'serviceUrl',
      activityId: error.activityId,
    }
  return { message: 'Sign-in failed for an unexpected reason. Try again.' }
}
