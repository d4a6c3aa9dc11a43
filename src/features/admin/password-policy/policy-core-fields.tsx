import { useFormContext } from 'react-hook-form'
import { passwordPolicyLimits } from '@/api/schemas/password-policy'
import { CheckboxField } from '@/components/ui/checkbox-field'
import { TextField } from '@/components/ui/text-field'
import { policyFieldLabel } from './policy-fields'
import type { PolicyFormValues } from './policy-form-schema'
import styles from './policy-fieldset.module.css'

const { minimumLength: lengthLimits, temporaryPasswordValidityDays: dayLimits } =
  passwordPolicyLimits

const characterRules = [
  { name: 'requireUppercase', hint: 'At least one letter A–Z.' },
  { name: 'requireLowercase', hint: 'At least one letter a–z.' },
  { name: 'requireNumbers', hint: 'At least one digit 0–9.' },
  { name: 'requireSymbols', hint: 'At least one character such as ! @ # $ % ^ & *.' },
] as const

/** The six fields the console knows by name. */
export function PolicyCoreFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<PolicyFormValues>()
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Length and expiry</legend>
        <div className={styles.grid}>
          <TextField
            label={policyFieldLabel('minimumLength')}
            type="number"
            inputMode="numeric"
            min={lengthLimits.min}
            max={lengthLimits.max}
            step={1}
            hint={`Characters, from ${lengthLimits.min} to ${lengthLimits.max}.`}
            error={errors.minimumLength?.message}
            {...register('minimumLength', { valueAsNumber: true })}
          />
          <TextField
            label={`${policyFieldLabel('temporaryPasswordValidityDays')} (days)`}
            type="number"
            inputMode="numeric"
            min={dayLimits.min}
            max={dayLimits.max}
            step={1}
            hint={`How long a password set by an administrator stays usable: ${dayLimits.min} to ${dayLimits.max} days.`}
            error={errors.temporaryPasswordValidityDays?.message}
            {...register('temporaryPasswordValidityDays', { valueAsNumber: true })}
          />
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Required characters</legend>
        <p className={styles.intro}>Every password must contain each kind of character ticked.</p>
        <div className={styles.checks}>
          {characterRules.map((rule) => (
            <CheckboxField
              key={rule.name}
              label={policyFieldLabel(rule.name)}
              hint={rule.hint}
              error={errors[rule.name]?.message}
              {...register(rule.name)}
            />
          ))}
        </div>
      </fieldset>
    </>
  )
}
