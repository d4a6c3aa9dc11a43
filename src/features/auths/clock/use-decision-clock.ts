import { useEffect, useMemo, useState } from 'react'
import type { Auth } from '@/api/schemas/auth'
import { useRuntimeConfig } from '@/lib/app-context'
import {
  decisionClock,
  DEFAULT_DECISION_RULES,
  type DecisionClock,
  type DecisionRules,
} from '../model/decision-clock'

/** The decision-clock rules of `config.json` (`decisionClock`), its defaults where it says none. */
export function useDecisionRules(): DecisionRules {
  const { decisionClock: configured } = useRuntimeConfig()
  return useMemo(
    () => ({
      warnHours: configured?.warnHours ?? DEFAULT_DECISION_RULES.warnHours,
      rules: configured?.rules ?? DEFAULT_DECISION_RULES.rules,
    }),
    [configured],
  )
}

/** The time now, moving on every half minute: a clock's words change with the minute. */
export function useClockNow(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(id)
  }, [])
  return now
}

/** The auth's decision clock now (none while it is not loaded). */
export function useDecisionClock(auth: Auth | undefined): DecisionClock | null {
  const rules = useDecisionRules()
  const now = useClockNow()
  return auth ? decisionClock(auth, rules, now) : null
}
