import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { useRuntimeConfig } from '@/lib/app-context'
import { authenticate, ChallengeRequiredError } from './authenticate'
import { useSession, useSessionStore } from './session-context'
import { explainSignInError, type SignInFailure } from './sign-in-errors'
import { signInFormSchema, type SignInFormValues } from './sign-in-schema'
import styles from './sign-in-page.module.css'

interface SignInPageProps {
  /** Called once the session is stored. */
  onSignedIn: () => void
}

export function SignInPage({ onSignedIn }: SignInPageProps) {
  const config = useRuntimeConfig()
  const store = useSessionStore()
  const remembered = store.devicePreferences()
  const [failure, setFailure] = useState<SignInFailure | null>(null)
  const session = useSession()
  // Signed in here, or handed the session by another tab of this browser: go on.
  useEffect(() => {
    if (session) onSignedIn()
  }, [session, onSignedIn])
  const databases = config.databases
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormValues>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: {
      serviceUrl: remembered?.serviceUrl ?? config.serviceUrl,
      apiKey: remembered?.apiKey ?? '',
      database: remembered?.database ?? databases[0]?.name ?? '',
      method: 'password',
      username: '',
      password: '',
      token: '',
      remember: remembered !== null,
    },
  })
  const method = useWatch({ control, name: 'method' })

  const onSubmit = async (values: SignInFormValues) => {
    setFailure(null)
    try {
      const credentials = await authenticate(values)
      store.signIn({
        baseUrl: values.serviceUrl,
        apiKey: values.apiKey,
        database: values.database,
        token: credentials.token,
        refreshToken: credentials.refreshToken,
      })
      store.rememberDevice(
        values.remember
          ? { serviceUrl: values.serviceUrl, apiKey: values.apiKey, database: values.database }
          : null,
      )
    } catch (error) {
      const explained =
        error instanceof ChallengeRequiredError
          ? { message: error.message }
          : explainSignInError(error, values.serviceUrl, values.database)
      setFailure(explained)
      if (explained.field) setFocus(explained.field === 'token' ? 'token' : explained.field)
    }
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            B
          </span>
          <div>
            <h1 className={styles.title}>Benefits Admin Console</h1>
            <p className={styles.subtitle}>Sign in to work events, auths and sessions.</p>
          </div>
        </div>

        {failure && (
          <div className={styles.error} role="alert">
            {failure.message}
            {failure.activityId && (
              <span className={styles.activity}>Activity ID: {failure.activityId}</span>
            )}
          </div>
        )}

        <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
          <TextField
            label="Service URL"
            autoComplete="url"
            error={errors.serviceUrl?.message}
            {...register('serviceUrl')}
          />
          <TextField
            label="API key"
            autoComplete="off"
            spellCheck={false}
            error={errors.apiKey?.message}
            {...register('apiKey')}
          />
          <TextField
            label="Database"
            list="known-databases"
            autoComplete="off"
            spellCheck={false}
            hint={
              databases.length > 0
                ? `For example ${databases.map((d) => d.label ?? d.name).join(', ')}`
                : undefined
            }
            error={errors.database?.message}
            {...register('database')}
          />
          <datalist id="known-databases">
            {databases.map((d) => (
              <option key={d.name} value={d.name}>
                {d.label ?? d.name}
              </option>
            ))}
          </datalist>

          <fieldset className={styles.methods}>
            <legend>Sign in with</legend>
            <label className={styles.radio}>
              <input type="radio" value="password" {...register('method')} /> My account
            </label>
            <label className={styles.radio}>
              <input type="radio" value="token" {...register('method')} /> Single sign-on
            </label>
          </fieldset>

          {method === 'password' ? (
            <>
              <TextField
                label="Username"
                autoComplete="username"
                error={errors.username?.message}
                {...register('username')}
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...register('password')}
              />
            </>
          ) : (
            <div className={styles.stack}>
              <label className={styles.label} htmlFor="sign-in-token">
                Token
              </label>
              <textarea
                id="sign-in-token"
                className={styles.textarea}
                spellCheck={false}
                aria-invalid={errors.token ? true : undefined}
                aria-describedby={errors.token ? 'sign-in-token-error' : undefined}
                {...register('token')}
              />
              {errors.token && (
                <span id="sign-in-token-error" role="alert">
                  {errors.token.message}
                </span>
              )}
            </div>
          )}

          <div className={styles.stack}>
            <label className={styles.radio}>
              <input type="checkbox" aria-describedby="remember-hint" {...register('remember')} />
              Remember this device
            </label>
            <span id="remember-hint" className={styles.hint}>
              Keeps the service URL, database and API key in this browser; never the password or
              token.
            </span>
          </div>

          <Button type="submit" variant="primary" fullWidth disabled={isSubmitting}>
            {isSubmitting
              ? 'Signing in…'
              : method === 'password'
                ? 'Sign in'
                : 'Sign in with token'}
          </Button>
        </form>

        {config.sandbox && (
          <aside className={styles.demo} aria-label="Sandbox sign-in">
            Sandbox service: API key <code>sandbox-key</code>; users <code>admin</code>,{' '}
            <code>staff</code>, <code>support</code>; password <code>Sandbox!2026</code>.
          </aside>
        )}
      </div>
    </main>
  )
}
