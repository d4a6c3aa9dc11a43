import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useApi, useDatabase } from '@/api/api-context'
import { getAuth } from '@/api/auths'
import { ApiError } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { describeError } from '@/components/errors/describe-error'
import { useAuthCodes, type AuthCodeInfo } from '../auth-codes'
import {
  checkImportRow,
  compareWithExisting,
  duplicateMessage,
  duplicateNumbers,
  givesAuthFields,
  rowNumber,
  type FieldChange,
  type ImportRow,
  type ParsedImport,
  type RowCheck,
} from './import-rows'
import { isResultOk, mapLimit, NOT_CONFIRMED, NOT_SENT, type RowResult } from './import-send'
import { createdFrom, rememberCreated } from './import-memory'

/** The auth a row names, as read for the preview. */
export type Existing =
  | { kind: 'reading' }
  /** No auth has the number: the row creates it. */
  | { kind: 'new' }
  | {
      kind: 'found'
      /** The version the preview compared with, and the one an update is sent from. */
      auth: Auth
      changes: FieldChange[]
      errors: Record<string, string>
    }
  | { kind: 'failed'; message: string }

export interface RowState {
  row: ImportRow
  check: RowCheck
  /** For a row naming an auth: that auth as read for the preview. */
  existing?: Existing
  result?: RowResult
  /** The user chose to send a row held back by an earlier import (`ImportRow.earlier`). */
  resolved?: boolean
}

export type RowStatus =
  | 'invalid'
  | 'checking'
  | 'held'
  | 'ready'
  | 'update'
  | 'unchanged'
  | 'saved'
  | 'failed'
  | 'not-sent'
  | 'unconfirmed'

export const statusOf = (state: RowState): RowStatus => {
  if (state.result)
    return isResultOk(state.result)
      ? 'saved'
      : state.result.status === NOT_SENT
        ? 'not-sent'
        : state.result.status === NOT_CONFIRMED
          ? 'unconfirmed'
          : 'failed'
  if (!state.check.ok) return 'invalid'
  const existing = state.existing
  if (existing?.kind === 'reading') return 'checking'
  if (existing?.kind === 'failed') return 'invalid'
  if (state.row.earlier && !state.resolved) return 'held'
  if (existing?.kind === 'found') {
    if (Object.keys(existing.errors).length > 0) return 'invalid'
    return existing.changes.length > 0 ? 'update' : 'unchanged'
  }
  return 'ready'
}

/** Whether the row goes with the next send. */
export const isSendable = (state: RowState) => {
  const status = statusOf(state)
  return status === 'ready' || status === 'update'
}

/** Everything wrong with a row before it is sent: its own values, then the auth it names. */
export function problemsOf(state: RowState): Record<string, string> {
  const problems: Record<string, string> = { ...(state.check.ok ? {} : state.check.errors) }
  if (state.existing?.kind === 'failed') problems['(row)'] ??= state.existing.message
  if (state.existing?.kind === 'found')
    for (const [field, message] of Object.entries(state.existing.errors))
      problems[field] ??= message
  return problems
}

/** Checks a row alone, then as one of the file's rows (a number named twice). */
function checked(
  row: ImportRow,
  codes: readonly AuthCodeInfo[],
  duplicates: Map<number, number[]>,
): RowCheck {
  const check = checkImportRow(row, codes)
  const others = duplicates.get(row.index)
  if (!others) return check
  const errors = { ...(check.ok ? {} : check.errors) }
  errors.auth_Number ??= duplicateMessage(rowNumber(row) ?? '', others)
  return { ok: false, errors }
}

const checkAll = (rows: readonly ImportRow[], codes: readonly AuthCodeInfo[]): RowState[] => {
  const duplicates = duplicateNumbers(rows)
  return rows.map((row) => ({ row, check: checked(row, codes, duplicates) }))
}

/** How many auths the preview reads at once. */
const READS_AT_ONCE = 6

/**
 * The rows of an import: checked on load and after every fix (each alone, and a number named
 * twice), and each row naming an auth compared with that auth, read from the service in the
 * background (what will change, field by field), with the service's results after sending.
 */
export function useImportRows() {
  const api = useApi()
  const db = useDatabase()
  const codes = useAuthCodes(db, [])
  // The codes as they are now, for checks made in callbacks and background reads.
  const codesRef = useRef(codes)
  useEffect(() => {
    codesRef.current = codes
  })
  const [imported, setImported] = useState<{ parsed: ParsedImport; rows: RowState[] } | null>(null)
  // A new file, a start over or a fix makes reads still under way for the old rows moot.
  const generation = useRef(0)

  const load = useCallback((parsed: ParsedImport) => {
    generation.current++
    // A row this tab already created an auth from, imported again: held, not created twice.
    const rows = parsed.rows.map((row): ImportRow => {
      if (row.earlier || rowNumber(row) !== null) return row
      const authNumber = createdFrom(row.values)
      return authNumber ? { ...row, earlier: { outcome: 'created', authNumber } } : row
    })
    setImported({ parsed, rows: checkAll(rows, codesRef.current) })
  }, [])
  /** Sends a row held back by an earlier import after all: the user has looked at it. */
  const resolveRow = useCallback((index: number) => {
    setImported(
      (current) =>
        current && {
          ...current,
          rows: current.rows.map((s) => (s.row.index === index ? { ...s, resolved: true } : s)),
        },
    )
  }, [])
  const clear = useCallback(() => {
    generation.current++
    setImported(null)
  }, [])
  const replaceRows = useCallback((update: (rows: ImportRow[]) => ImportRow[]) => {
    generation.current++
    setImported((current) => {
      if (!current) return current
      const before = new Map(current.rows.map((s) => [s.row.index, s]))
      const rows = checkAll(update(current.rows.map((s) => s.row)), codesRef.current).map((s) => {
        // An unchanged row keeps what was read for it and its result; a fixed one starts afresh.
        const old = before.get(s.row.index)
        return old && old.row === s.row
          ? {
              ...s,
              existing: old.existing?.kind === 'reading' ? undefined : old.existing,
              result: old.result,
            }
          : s
      })
      return { ...current, rows }
    })
  }, [])
  const fixRow = useCallback(
    (index: number, values: Record<string, unknown>) =>
      replaceRows((rows) => rows.map((r) => (r.index === index ? { ...r, values } : r))),
    [replaceRows],
  )
  const removeRow = useCallback(
    (index: number) => replaceRows((rows) => rows.filter((r) => r.index !== index)),
    [replaceRows],
  )
  const applyResults = useCallback((results: Map<number, RowResult>) => {
    setImported(
      (current) =>
        current && {
          ...current,
          rows: current.rows.map((s) => {
            const result = results.get(s.row.index)
            if (result?.status === 201 && result.authNumber)
              rememberCreated(s.row.values, result.authNumber)
            return result ? { ...s, result } : s
          }),
        },
    )
  }, [])

  // The rows that name an auth and were not read yet: read them, a few at a time.
  const toRead = useMemo(
    () =>
      (imported?.rows ?? []).filter(
        (s) => s.check.ok && s.existing === undefined && !s.result && rowNumber(s.row) !== null,
      ),
    [imported],
  )
  // Made with each mounting: React's development check mounts twice, and a controller made once
  // would stay aborted by the first unmounting, every read after it skipped.
  const unmounted = useRef<AbortController | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    unmounted.current = controller
    return () => controller.abort()
  }, [])
  useEffect(() => {
    if (toRead.length === 0) return
    const started = generation.current
    const controller = unmounted.current
    if (!controller) return
    const signal = controller.signal
    const moot = () => signal.aborted || generation.current !== started
    // Answers are put on screen a few at a time: thousands of rows are not redrawn per answer.
    let pending = new Map<number, Existing>()
    let timer: ReturnType<typeof setTimeout> | null = null
    const flush = () => {
      timer = null
      const found = pending
      pending = new Map()
      setImported((current) => {
        if (!current || moot()) return current
        return {
          ...current,
          rows: current.rows.map((s) =>
            found.has(s.row.index) ? { ...s, existing: found.get(s.row.index) } : s,
          ),
        }
      })
    }
    const put = (index: number, existing: Existing, now = false) => {
      pending.set(index, existing)
      if (now) flush()
      else timer ??= setTimeout(flush, 100)
    }
    for (const s of toRead) pending.set(s.row.index, { kind: 'reading' })
    flush()
    void mapLimit(toRead, READS_AT_ONCE, async (state) => {
      if (moot()) return
      put(state.row.index, await readExisting(state))
    })
    async function readExisting(state: RowState): Promise<Existing> {
      const number = rowNumber(state.row) ?? ''
      try {
        const auth = await getAuth(api, number, { database: db, signal })
        if (!state.check.ok) return { kind: 'new' }
        return {
          kind: 'found',
          auth,
          ...compareWithExisting(state.check.auth, auth, codesRef.current),
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 404)
          return state.check.ok && !givesAuthFields(state.check.auth)
            ? {
                kind: 'failed',
                message: `No auth ${number} exists, and the row gives nothing else to create one from.`,
              }
            : { kind: 'new' }
        return {
          kind: 'failed',
          message: `Auth ${number} could not be read to compare: ${describeError(error).message}`,
        }
      }
    }
  }, [toRead, api, db])

  const counts = useMemo(() => {
    const c: Record<RowStatus, number> = {
      invalid: 0,
      checking: 0,
      ready: 0,
      update: 0,
      unchanged: 0,
      saved: 0,
      failed: 0,
      'not-sent': 0,
      held: 0,
      unconfirmed: 0,
    }
    for (const s of imported?.rows ?? []) c[statusOf(s)]++
    return c
  }, [imported])

  return { imported, counts, load, clear, fixRow, removeRow, resolveRow, applyResults }
}
