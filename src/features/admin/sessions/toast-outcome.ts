import { toast } from '@/components/ui/toast'
import { outcomeTone, type KickOutcome } from './kick-outcome'

/**
 * Every write's result is also toasted. Errors close by themselves too: the card and the log
 * keep saying what happened.
 */
export function toastOutcome(outcome: KickOutcome) {
  const tone = outcomeTone(outcome.kind)
  const options = { description: outcome.detail, timeout: 8000 }
  if (tone === 'success') toast.success(outcome.title, options)
  else if (tone === 'info') toast.info(outcome.title, options)
  else toast.error(outcome.title, options)
}
