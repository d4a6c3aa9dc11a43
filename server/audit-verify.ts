import path from 'node:path'
import { verifyAuditChain } from './audit-chain'
import { openStorage } from './db/storage'

/*
 * `npm run audit:verify`: says whether the audit record's chain is whole, from the database the
 * server keeps it in (`DATABASE_URL`, else the embedded one in `CONSOLE_DATA_DIR`, which must not
 * be open in a running server: ask its Audit page instead). Exit status 0 when whole, 1 when
 * broken (the entry named), 2 when the record could not be read.
 */

const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = path.resolve(process.env.CONSOLE_DATA_DIR || '.console-data')

/** A line of the report, on standard output. */
const say = (line: string) => process.stdout.write(`${line}\n`)

let storage
try {
  storage = await openStorage({ databaseUrl, dataDir })
} catch (error) {
  console.error(`audit:verify: ${(error as Error).message}`)
  process.exit(2)
}
try {
  const report = await verifyAuditChain(storage)
  if (report.whole) {
    say(
      report.entries === 0
        ? 'The audit record is empty.'
        : `The audit chain is whole: ${report.entries} ${report.entries === 1 ? 'entry' : 'entries'}, ${report.firstId} to ${report.lastId}.`,
    )
    say(`Head: ${report.head} (keep it elsewhere: a later check can start from it)`)
    process.exitCode = 0
  } else {
    console.error(`The audit chain is broken at entry ${report.break!.id}.`)
    console.error(report.break!.message)
    process.exitCode = 1
  }
} catch (error) {
  console.error(`audit:verify: the record could not be read: ${(error as Error).message}`)
  process.exitCode = 2
} finally {
  await storage.close()
}
