import { useRef, useState } from 'react'
import { useApi, useDatabase } from '@/api/api-context'
import { getAuth } from '@/api/auths'
import { formatServiceDate } from '@/api/dates'
import { ApiError, outcomeUnknown } from '@/api/errors'
import { idempotencyKeysOn } from '@/api/idempotency'
import { describeError } from '@/components/errors/describe-error'
import { useRuntimeConfig } from '@/lib/app-context'
import { useUpsertAuths } from '../queries'
import { toSendItem } from './import-rows'
import {
  batchesOf,
  NOT_CONFIRMED,
  NOT_SENT,
  reportedBatchSize,
  resultsForRows,
  settleLostBatch,
  type RowResult,
  type SentRow,
} from './import-send'
import { isSendable, type RowState } from './use-import-rows'

/** How far a send has got. */
export interface SendProgress {
  /** Rows answered so far. */
  sent: number
  total: number
  /** The batch under way (1-based) and how many there are. */
  batch: number
  batches: number
  /** Stop was asked for: the batch under way is the last. */
  stopping: boolean
}

type Item = SentRow

/**
 * Sends the rows ready to go with `PUT /auths`, in batches of the service's size
 * (`config.json`'s `authBatchSize`, smaller when the body would pass the service's limit, and
 * smaller again if the service refuses a batch as too large), one after another, reporting each
 * batch's results as they come. A row naming an existing auth is sent over the version the
 * preview read and compared with, so a change made elsewhere since is refused (409), not
 * overwritten. `stop()` ends it after the batch under way: the rows not sent say so.
 */
export function useImportSend() {
  const { authBatchSize } = useRuntimeConfig()
  const upsert = useUpsertAuths()
  const api = useApi()
  const db = useDatabase()
  const [progress, setProgress] = useState<SendProgress | null>(null)
  const stopping = useRef(false)

  const send = async (
    rows: readonly RowState[],
    onResults: (results: Map<number, RowResult>) => void,
  ): Promise<Map<number, RowResult>> => {
    const all = new Map<number, RowResult>()
    // New undecided auths without a received date are received now (`stampsReceived`).
    const importedAt = formatServiceDate(new Date())
    const items: Item[] = rows.filter(isSendable).flatMap((s) =>
      s.check.ok
        ? [
            {
              index: s.row.index,
              auth: toSendItem(
                s.check.auth,
                s.existing?.kind === 'found' ? s.existing.auth : undefined,
                importedAt,
              ),
              rowAuth: s.check.auth,
            },
          ]
        : [],
    )
    let size = authBatchSize
    const queue = batchesOf(items, size, (item) => item.auth)
    let done = 0
    let batch = 0
    let batches = queue.length
    stopping.current = false
    const report = (results: Map<number, RowResult>) => {
      for (const [index, result] of results) all.set(index, result)
      done += results.size
      onResults(results)
    }
    try {
      while (queue.length > 0) {
        const chunk = queue.shift()!
        if (stopping.current) {
          const body = 'Not sent: the import was stopped before this row.'
          report(
            new Map(
              chunk.map((item) => [item.index, { status: NOT_SENT, body, authNumber: null }]),
            ),
          )
          continue
        }
        batch++
        setProgress({ sent: done, total: items.length, batch, batches, stopping: stopping.current })
        // One body per batch: sent again to confirm it, it carries the same idempotency key.
        const sent = chunk.map((item) => item.auth)
        try {
          const answer = await upsert.mutateAsync(sent)
          report(
            resultsForRows(
              chunk.map((item) => item.index),
              answer,
            ),
          )
        } catch (error) {
          if (error instanceof ApiError && error.status === 413 && chunk.length > 1) {
            // Too large for the service: learn its size if it says, and send this one in parts.
            size = Math.min(
              reportedBatchSize(error.message) ?? Math.ceil(chunk.length / 2),
              chunk.length - 1,
            )
            const parts = batchesOf(chunk, size, (item) => item.auth)
            queue.unshift(...parts)
            const rest = queue.slice(parts.length).flat()
            queue.splice(
              parts.length,
              queue.length - parts.length,
              ...batchesOf(rest, size, (item) => item.auth),
            )
            batch--
            batches = batch + queue.length
            continue
          }
          if (outcomeUnknown(error)) {
            // The answer was lost: the service may have saved the batch. Say so while checking,
            // then report what it holds (never "failed" for what may be saved).
            const checking = 'Not confirmed: the answer was lost; checking what the service holds…'
            onResults(
              new Map(
                chunk.map((item) => [
                  item.index,
                  { status: NOT_CONFIRMED, body: checking, authNumber: null },
                ]),
              ),
            )
            report(
              await settleLostBatch(chunk, error, {
                resend: idempotencyKeysOn() ? () => upsert.mutateAsync(sent) : undefined,
                readAuth: (authNumber) => getAuth(api, authNumber, { database: db }),
              }),
            )
            continue
          }
          // The whole call was refused: none of its rows were saved.
          const status = error instanceof ApiError ? error.status : 0
          const body = `Not saved: ${describeError(error).message}`
          report(new Map(chunk.map((item) => [item.index, { status, body, authNumber: null }])))
        }
      }
      return all
    } finally {
      setProgress(null)
    }
  }

  const stop = () => {
    stopping.current = true
    setProgress((p) => p && { ...p, stopping: true })
  }

  return { send, stop, progress, pending: progress !== null }
}
