import { AuthForm } from './auth-form'

/** A new auth: the form with defaults (the NOT NULL flags off). */
export function AuthCreatePage() {
  return <AuthForm />
}
