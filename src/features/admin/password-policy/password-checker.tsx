import { useId, useState } from 'react'
import { useWatch, type Control } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { checkPassword, type PasswordRuleResult } from './password-rules'
import type { PolicyFormValues } from './policy-form-schema'
import styles from './password-checker.module.css'

function summarise(sample: string, results: PasswordRuleResult[]): string {
  if (results.length === 0) return 'The edited policy has no rules to check.'
  if (sample === '') return `Type a sample password to check it against ${results.length} rules.`
  const failed = results.filter((r) => !r.passed)
  if (failed.length === 0) return 'Meets every rule of the edited policy.'
  return `Does not meet ${failed.length} of ${results.length} rules: ${failed
    .map((r) => r.label.charAt(0).toLowerCase() + r.label.slice(1))
    .join('; ')}.`
}

/**
 * Checks a sample password against the policy as edited (saved or not). The sample stays in
 * this component: it is never sent, stored or part of the form.
 */
export function PasswordChecker({ control }: { control: Control<PolicyFormValues> }) {
  const [minimumLength, requireUppercase, requireLowercase, requireNumbers, requireSymbols] =
    useWatch({
      control,
      name: [
        'minimumLength',
        'requireUppercase',
        'requireLowercase',
        'requireNumbers',
        'requireSymbols',
      ],
    })
  const [sample, setSample] = useState('')
  const [shown, setShown] = useState(false)
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const results = checkPassword(sample, {
    minimumLength,
    requireUppercase,
    requireLowercase,
    requireNumbers,
    requireSymbols,
  })
  const allPassed = sample !== '' && results.every((r) => r.passed)

  return (
    <section className={styles.card} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.title}>
        Try a password
      </h2>
      <p id={hintId} className={styles.hint}>
        Checked against the policy as edited, before it is saved. Nothing you type here is sent or
        kept.
      </p>
      <label className={styles.label} htmlFor={inputId}>
        Sample password
      </label>
      <div className={styles.inputRow}>
        <input
          id={inputId}
          className={styles.input}
          type={shown ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          value={sample}
          onChange={(e) => setSample(e.target.value)}
        />
        <Button size="small" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show'}
        </Button>
      </div>
      <p className={allPassed ? styles.pass : styles.summary} aria-live="polite">
        {summarise(sample, results)}
      </p>
      <ul className={styles.rules} aria-label="Rules of the edited policy">
        {results.map((rule) => {
          const state = sample === '' ? 'pending' : rule.passed ? 'met' : 'unmet'
          return (
            <li key={rule.id} className={`${styles.rule} ${styles[state]}`}>
              <span className={styles.mark} aria-hidden="true">
                {state === 'met' ? '✓' : state === 'unmet' ? '✕' : '•'}
              </span>
              <span>
                <span className="visually-hidden">
                  {state === 'met' ? 'Met: ' : state === 'unmet' ? 'Not met: ' : ''}
                </span>
                {rule.label}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
