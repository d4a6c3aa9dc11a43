import { useState } from 'react'
import { useApi, useDatabase } from '@/api/api-context'
import { getAuth } from '@/api/auths'
import { ApiError } from '@/api/errors'
import type { Auth } from '@/api/schemas/auth'
import { describeError } from '@/components/errors/describe-error'
import { useUpsertAuths } from '../queries'
import { toSendItem } from './import-rows'
import { chunkBySize, mapLimit, resultsForRows, type RowResult } from './import-send'
import type { RowState } from './use-import-rows'

type Existing = { auth: Auth | undefined } | { failed: RowResult }

/**
 * Sends the ready rows with `PUT /auths`. A row naming an existing auth is put over that auth
 * (read first), so the columns the file leaves out keep their values. One call, or a few when
 * the batch is larger than the service takes at once. Resolves to each row's result.
 */
export function useImportSend() {
  const api = useApi()
  const db = useDatabase()
  const upsert = useUpsertAuths()
  const [progress, setProgress] = useState<string | null>(null)

  const readExisting = async (authNumber: string): Promise<Existing> => {
    try {
      return { auth: await getAuth(api, authNumber, { database: db }) }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { auth: undefined }
      const status = error instanceof ApiError ? error.status : 0
      const body = `Not sent: the existing auth could not be read. ${describeError(error).message}`
      return { failed: { status, body, authNumber } }
    }
  }

  const send = async (rows: readonly RowState[]): Promise<Map<number, RowResult>> => {
    const results = new Map<number, RowResult>()
    const ready = rows.filter((s) => s.check.ok)
    try {
      const named = ready.filter((s) => s.check.ok && typeof s.check.auth.auth_Number === 'string')
      if (named.length > 0) setProgress(`Reading ${named.length} existing auths…`)
      const existing = new Map<number, Existing>()
      const answers = await mapLimit(named, 6, (s) =>
        readExisting(s.check.ok ? String(s.check.auth.auth_Number) : ''),
      )
      named.forEach((s, i) => existing.set(s.row.index, answers[i] as Existing))

      const items: { index: number; auth: Auth }[] = []
      for (const s of ready) {
        if (!s.check.ok) continue
        const found = existing.get(s.row.index)
        if (found && 'failed' in found) results.set(s.row.index, found.failed)
        else items.push({ index: s.row.index, auth: toSendItem(s.check.auth, found?.auth) })
      }
      const chunks = chunkBySize(items)
      for (const [i, chunk] of chunks.entries()) {
        setProgress(
          chunks.length > 1
            ? `Sending part ${i + 1} of ${chunks.length}…`
            : `Sending ${chunk.length} auths…`,
        )
        try {
          const answer = await upsert.mutateAsync(chunk.map((item) => item.auth))
          const indexes = chunk.map((item) => item.index)
          for (const [index, result] of resultsForRows(indexes, answer)) results.set(index, result)
        } catch (error) {
          // The whole call failed (too large, refused, unreachable): none of its rows were saved.
          const status = error instanceof ApiError ? error.status : 0
          const body = `Not saved: ${describeError(error).message}`
          for (const item of chunk) results.set(item.index, { status, body, authNumber: null })
        }
      }
      return results
    } finally {
      setProgress(null)
    }
  }

  return { send, progress, pending: progress !== null }
}
