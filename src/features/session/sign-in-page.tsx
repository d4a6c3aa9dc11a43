import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { useRuntimeConfig } from '@/lib/app-context'
import { authenticate, ChallengeRequiredError } from './authenticate'
import { useSession, useSessionStore } from './session-context'
import { explainSignInError, type SignInFailure } from './sign-in-errors'
import { signInFormSchema, type SignInFormValues } from './sign-in-schema'
import styles from './sign-in-page.module.css'
import { Problem } from '@/components/ui/problem'

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
  // With the console's own server the API key stays there: nobody types it, no browser holds it.
  const keyKept = config.consoleServer !== undefined
  // A plain controlled form validated with the same zod schema: react-hook-form would add
  // 15 kB gzip to the one page that must load fastest (the size budget is 150 kB).
  const [values, setValues] = useState<SignInFormValues>(() => ({
    serviceUrl: remembered?.serviceUrl ?? config.serviceUrl,
    apiKey: keyKept ? '' : (remembered?.apiKey ?? ''),
    keyKept,
    database: remembered?.database ?? databases[0]?.name ?? '',
    method: 'password',
    username: '',
    password: '',
    token: '',
    remember: remembered !== null,
  }))
  const [errors, setErrors] = useState<Partial<Record<keyof SignInFormValues, string>>>({})
  const [isSubmitting, setSubmitting] = useState(false)
  const setFocus = (name: keyof SignInFormValues) =>
    document.getElementById(`sign-in-${name}`)?.focus()
  const method = values.method
  const field = <
    K extends 'serviceUrl' | 'apiKey' | 'database' | 'username' | 'password' | 'token',
  >(
    name: K,
  ) => ({
    name,
    value: values[name],
    id: `sign-in-${name}`,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  })

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = signInFormSchema.safeParse(values)
    if (!parsed.success) {
      const next: Partial<Record<keyof SignInFormValues, string>> = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof SignInFormValues
        next[key] ??= issue.message
      }
      setErrors(next)
      const first = Object.keys(next)[0] as keyof SignInFormValues | undefined
      if (first) setFocus(first)
      return
    }
    setErrors({})
    setSubmitting(true)
    await onSubmit(parsed.data)
    setSubmitting(false)
  }

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
        draftKey: credentials.draftKey,
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
          : explainSignInError(
              error,
              values.serviceUrl,
              values.database,
              values.method === 'token' ? 'token' : 'credentials',
            )
      setFailure(explained)
      if (explained.field) setFocus(explained.field)
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
          <Problem cause="action" title="Not signed in" activityId={failure.activityId}>
            {failure.message}
          </Problem>
        )}

        <form className={styles.form} onSubmit={(e) => void handleSubmit(e)} noValidate>
          <TextField
            label="Service URL"
            autoComplete="url"
            error={errors.serviceUrl}
            {...field('serviceUrl')}
          />
          {!keyKept && (
            <TextField
              label="API key"
              autoComplete="off"
              spellCheck={false}
              error={errors.apiKey}
              {...field('apiKey')}
            />
          )}
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
            error={errors.database}
            {...field('database')}
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
              <input
                type="radio"
                name="method"
                value="password"
                checked={method === 'password'}
                onChange={() => setValues((v) => ({ ...v, method: 'password' }))}
              />{' '}
              My account
            </label>
            <label className={styles.radio}>
              <input
                type="radio"
                name="method"
                value="token"
                checked={method === 'token'}
                onChange={() => setValues((v) => ({ ...v, method: 'token' }))}
              />{' '}
              Single sign-on
            </label>
          </fieldset>

          {method === 'password' ? (
            <>
              <TextField
                label="Username"
                autoComplete="username"
                error={errors.username}
                {...field('username')}
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                error={errors.password}
                {...field('password')}
              />
            </>
          ) : (
            <div className={styles.stack}>
              <label className={styles.label} htmlFor="sign-in-token">
                Token
              </label>
              <textarea
                className={styles.textarea}
                spellCheck={false}
                aria-invalid={errors.token ? true : undefined}
                aria-describedby={errors.token ? 'sign-in-token-error' : undefined}
                {...field('token')}
              />
              {errors.token && (
                <span id="sign-in-token-error" role="alert">
                  {errors.token}
                </span>
              )}
            </div>
          )}

          <div className={styles.stack}>
            <label className={styles.radio}>
              <input
                type="checkbox"
                aria-describedby="remember-hint"
                checked={values.remember}
                onChange={(e) => setValues((v) => ({ ...v, remember: e.target.checked }))}
              />
              Remember this device
            </label>
            <span id="remember-hint" className={styles.hint}>
              Keeps the service URL, database{keyKept ? '' : ' and API key'} in this browser; never
              the password or token.
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
            Sandbox service:{' '}
            {!keyKept && (
              <>
                API key <code>sandbox-key</code>;{' '}
              </>
            )}
            users <code>admin</code>, <code>staff</code>, <code>support</code>,{' '}
            <code>compliance</code>; password <code>Sandbox!2026</code>.
          </aside>
        )}
      </div>
    </main>
  )
}
