import { useSyncExternalStore } from 'react'
import type { Auth } from '@/api/schemas/auth'
import { useDatabase } from '@/api/api-context'
import { toneOf, type AuthTone } from './model/tone'
import { useRuntimeConfig } from '@/lib/app-context'

/** An auth code, the status it sets and what it means. */
export interface AuthCodeInfo {
  code: string
  status: string
  meaning?: string | undefined
}

/**
 * Codes the service listed in a refusal ("Valid codes: A (Approved), P (Pended)."), in order.
 * Empty when the message lists none.
 */
export function parseReportedCodes(message: string): AuthCodeInfo[] {
  const list = /valid codes?:\s*([^\n]+)/i.exec(message)?.[1]
  if (!list) return []
  return [...list.matchAll(/([A-Za-z0-9]{1,10})\s*\(([^)]+)\)/g)].map(([, code, status]) => ({
    code: code!.toUpperCase(),
    status: status!.trim(),
  }))
}

// Codes the service reported in this tab, per database: in memory, so a refusal teaches the
// dialog the valid codes until the tab closes.
const reported = new Map<string, AuthCodeInfo[]>()
const listeners = new Set<() => void>()
export function rememberReportedCodes(database: string, codes: AuthCodeInfo[]) {
  if (codes.length === 0) return
  reported.set(database, codes)
  for (const notify of listeners) notify()
}
const subscribe = (notify: () => void) => {
  listeners.add(notify)
  return () => listeners.delete(notify)
}

/**
 * Every code the console knows, one entry per code: the configured ones (with their meanings)
 * first, then those the service reported, then codes seen on auths (`used`) with no status known.
 */
export function mergeCodes(
  configured: readonly AuthCodeInfo[],
  fromService: readonly AuthCodeInfo[],
  used: readonly string[],
): AuthCodeInfo[] {
  const byCode = new Map<string, AuthCodeInfo>()
  for (const c of [...configured, ...fromService]) {
    const code = c.code.toUpperCase()
    const known = byCode.get(code)
    byCode.set(code, { ...c, ...known, code, meaning: known?.meaning ?? c.meaning })
  }
  for (const c of used) {
    const code = c.toUpperCase()
    if (!byCode.has(code)) byCode.set(code, { code, status: '' })
  }
  return [...byCode.values()]
}

/** The codes for this database: configured, reported by the service, and seen (`used`). */
export function useAuthCodes(database: string, used: readonly string[]): AuthCodeInfo[] {
  const { authCodes } = useRuntimeConfig()
  const fromService = useSyncExternalStore(subscribe, () => reported.get(database) ?? NONE)
  return mergeCodes(authCodes, fromService, used)
}
const NONE: AuthCodeInfo[] = []

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase()

/**
 * Why an auth's code and status disagree ("Code A means Approved, but the status reads Denied"),
 * or null when they agree or either is unknown. Statuses compare by their first letters, so
 * "Approved" and "approved in part" agree.
 */
export function codeStatusConflict(
  auth: Pick<Auth, 'auth_Code' | 'status'>,
  codes: readonly AuthCodeInfo[],
): string | null {
  const code = (auth.auth_Code ?? '').trim().toUpperCase()
  const status = norm(auth.status)
  if (!code || !status) return null
  const byCode = codes.find((c) => c.code === code)
  if (!byCode?.status) return null
  const expected = norm(byCode.status)
  const stem = (s: string) => s.slice(0, 4)
  if (stem(status) === stem(expected)) return null
  // The status names another code's status: a contradiction. An unknown wording is not.
  const other = codes.find((c) => c.status && stem(norm(c.status)) === stem(status))
  if (!other) return null
  return `Code ${code} means ${byCode.status}, but the status reads ${auth.status?.trim()}.`
}

/**
 * The auth's colour as stored: its code's and status's shared tone, or 'other' when they
 * disagree (a code A with status Denied is neither green nor red).
 */
export function useStoredTone(auth: Pick<Auth, 'auth_Code' | 'status'>): AuthTone {
  const codes = useAuthCodes(useDatabase(), [])
  return codeStatusConflict(auth, codes) ? 'other' : toneOf(auth)
}
