import { ApiError, NetworkError, outcomeUnknown } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { isBatchItemOk, type BatchResult } from '@/api/schemas/batch-result'
import { describeError } from '@/components/errors/describe-error'
import { compareWithExisting } from './import-rows'

/** What the service said about one row (`status` -1: not sent, the import was stopped). */
export interface RowResult {
  status: number
  body: string | null
  /** The auth number the service reports for the item (the new number of a created auth). */
  authNumber: string | null
}

export const NOT_SENT = -1
/**
 * The row's batch was sent and its answer lost, and what the service holds could not be learnt:
 * the row may be saved. Never reported as failed, never sent again blindly.
 */
export const NOT_CONFIRMED = -2

export const isResultOk = (result: RowResult | undefined) =>
  result !== undefined && isBatchItemOk({ status: result.status, body: null, id: [] })

/** The service takes request bodies up to 1 MB; a batch larger than this goes in several calls. */
export const MAX_BATCH_BODY_BYTES = 900_000

/** Splits items into consecutive groups whose JSON stays under `maxBytes` (one item may not). */
export function chunkBySize<T>(items: readonly T[], maxBytes = MAX_BATCH_BODY_BYTES): T[][] {
  const encoder = new TextEncoder()
  const chunks: T[][] = []
  let current: T[] = []
  let size = 2
  for (const item of items) {
    const itemSize = encoder.encode(JSON.stringify(item)).length + 1
    if (current.length > 0 && size + itemSize > maxBytes) {
      chunks.push(current)
      current = []
      size = 2
    }
    current.push(item)
    size += itemSize
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}

/**
 * The batches to send, in order: at most `size` items each (the service's batch size), and each
 * under the service's body limit.
 */
export function batchesOf<T>(items: readonly T[], size: number, toJson: (item: T) => unknown) {
  const batches: T[][] = []
  for (let i = 0; i < items.length; i += size) {
    const group = items.slice(i, i + size)
    const bySize = chunkBySize(group.map(toJson))
    let at = 0
    for (const chunk of bySize) {
      batches.push(group.slice(at, at + chunk.length))
      at += chunk.length
    }
  }
  return batches
}

/** The batch size a refusal names ("A batch takes at most 500 auths"), or null. */
export function reportedBatchSize(message: string): number | null {
  const n = /at most ([\d,]+) auths/i.exec(message)?.[1]
  const size = n ? Number(n.replaceAll(',', '')) : NaN
  return Number.isInteger(size) && size > 0 ? size : null
}

/**
 * Pairs a batch answer with the rows sent, in order (one entry per item). A row the answer
 * leaves out is reported as failed rather than silently passed over.
 */
export function resultsForRows(rowIndexes: readonly number[], answer: BatchResult) {
  const results = new Map<number, RowResult>()
  rowIndexes.forEach((rowIndex, i) => {
    const item = answer[i]
    if (!item) {
      results.set(rowIndex, {
        status: 0,
        body: 'The service gave no result for this row.',
        authNumber: null,
      })
      return
    }
    const id = item.id.find((part) => part.key === 'auth_Number')?.value
    results.set(rowIndex, {
      status: item.status,
      body: item.body,
      authNumber: typeof id === 'string' ? id : id != null ? String(id) : null,
    })
  })
  return results
}

/** Runs `task` over `items`, at most `limit` at a time, keeping the order of the answers. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await task(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** A row as sent: its index, the Auth sent, and the values the file gave. */
export interface SentRow {
  index: number
  auth: Auth
  rowAuth: Record<string, unknown>
}

/** Tries of a resend under the same key before reading back. */
const RESENDS = 2

export const NOT_CONFIRMED_NEW =
  'Not confirmed: the service’s answer was lost, and a new auth cannot be looked up without its number. It may have been created: check before importing this row again.'
const NOT_CONFIRMED_PENDING =
  'Not confirmed: no answer came, and the auth reads unchanged for now; the change may still arrive. Check it before importing this row again.'
const NOT_CONFIRMED_READ =
  'Not confirmed: the service’s answer was lost and the auth could not be read back. Check it before importing this row again.'

/**
 * What became of a batch whose answer was lost (`outcomeUnknown`). With a service that honours
 * idempotency keys (`resend`), the same batch is sent again under the same key: the answer, the
 * first one replayed or a first save now, is the truth. Otherwise (or still no answer), each row
 * that updates an auth is read back: saved (a new version holding the row's values), not saved
 * (the version sent), or changed by someone else; a new row, which has no number to read, and a
 * row that cannot be read stay not confirmed.
 */
export async function settleLostBatch(
  rows: readonly SentRow[],
  lost: unknown,
  how: {
    resend?: (() => Promise<BatchResult>) | undefined
    readAuth: (authNumber: string) => Promise<Auth>
    pauseMs?: number
  },
): Promise<Map<number, RowResult>> {
  const indexes = rows.map((r) => r.index)
  if (how.resend)
    for (let i = 0; i < RESENDS; i++) {
      await new Promise((resolve) => setTimeout(resolve, how.pauseMs ?? 1000))
      try {
        return resultsForRows(indexes, await how.resend())
      } catch (error) {
        if (!outcomeUnknown(error)) break
      }
    }
  const { message } = describeError(lost)
  const status = lost instanceof ApiError ? lost.status : 0
  const results = new Map<number, RowResult>()
  await mapLimit(rows, 6, async (row) => {
    const number = row.auth.auth_Number ?? null
    const sentVersion = row.auth.update_Date
    if (!number || !sentVersion) {
      results.set(row.index, { status: NOT_CONFIRMED, body: NOT_CONFIRMED_NEW, authNumber: null })
      return
    }
    let current: Auth
    try {
      current = await how.readAuth(number)
    } catch {
      results.set(row.index, {
        status: NOT_CONFIRMED,
        body: NOT_CONFIRMED_READ,
        authNumber: number,
      })
      return
    }
    const holds = compareWithExisting(row.rowAuth, current).changes.length === 0
    results.set(
      row.index,
      current.update_Date !== sentVersion && holds
        ? {
            status: 200,
            body: `Auth ${number} updated (the answer was lost; confirmed by reading it back).`,
            authNumber: number,
          }
        : current.update_Date === sentVersion
          ? // No answer at all: the write may still arrive, so unchanged now is not "not saved".
            lost instanceof NetworkError
            ? { status: NOT_CONFIRMED, body: NOT_CONFIRMED_PENDING, authNumber: number }
            : { status, body: `Not saved: ${message}`, authNumber: number }
          : {
              status: 409,
              body: `Changed by ${current.update_User ?? 'someone else'} meanwhile; this row was not saved.`,
              authNumber: number,
            },
    )
  })
  return results
}
