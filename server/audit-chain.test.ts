import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordAudit, type AuditEntry } from './audit'
import { verifyAuditChain } from './audit-chain'
import { migrate, migrations } from './db/migrations'
import { openEmbedded } from './db/storage'
import { openTestStorage, storageKinds, type TestStorage } from './testing'

const entry = (n: number): AuditEntry => ({
  userId: `user-${n % 3}`,
  userName: `User ${n % 3}`,
  action: n % 2 ? 'write' : 'read',
  operation: 'PUT /events/{eventID}',
  database: 'demo',
  recordType: 'event',
  recordId: String(n),
  changes: n % 2 ? { subject: { before: `was ${n}`, after: `now ${n}` } } : null,
  status: 200,
  activityId: `activity-${n}`,
})

/** Runs `sql` with the append-only triggers set aside, as someone with the database's keys could. */
async function tamper(t: TestStorage, sql: string) {
  await t.storage.transaction(async (tx) => {
    await tx.exec('ALTER TABLE audit_log DISABLE TRIGGER USER')
    await tx.exec(sql)
    await tx.exec('ALTER TABLE audit_log ENABLE TRIGGER USER')
  })
}

describe.each(storageKinds)('the audit chain (%s)', (kind) => {
  let t: TestStorage
  beforeEach(async () => {
    t = await openTestStorage(kind)
    await migrate(t.storage, { auditRetentionDays: 30 })
  })
  afterEach(() => t.close())

  it('is whole when nothing was touched, however the entries were written', async () => {
    expect(await verifyAuditChain(t.storage)).toMatchObject({ whole: true, entries: 0 })
    await recordAudit(t.storage, [entry(1), entry(2), entry(3)])
    // Entries written at once by concurrent transactions are still chained in ID order.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.storage.transaction((tx) => recordAudit(tx, [entry(10 + i), entry(20 + i)])),
      ),
    )
    const report = await verifyAuditChain(t.storage, { batch: 4 })
    expect(report).toMatchObject({ whole: true, entries: 19, break: null })
    expect(report.head).toMatch(/^[0-9a-f]{64}$/)
    const { rows } = await t.storage.query<{ hash: string }>(
      'SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1',
    )
    expect(report.head).toBe(rows[0]!.hash)
  })

  it('names the entry whose content was changed in the database', async () => {
    await recordAudit(t.storage, [entry(1), entry(2), entry(3), entry(4)])
    const { rows } = await t.storage.query<{ id: string }>('SELECT id FROM audit_log ORDER BY id')
    const third = Number(rows[2]!.id)
    await tamper(t, `UPDATE audit_log SET user_id = 'someone-else' WHERE id = ${third}`)
    const report = await verifyAuditChain(t.storage)
    expect(report.whole).toBe(false)
    expect(report.break).toMatchObject({ id: third, reason: 'altered' })
    expect(report.break!.message).toContain(`Entry ${third}`)
  })

  it('catches an entry rewritten with a hash made to fit, at the next entry', async () => {
    await recordAudit(t.storage, [entry(1), entry(2), entry(3)])
    const { rows } = await t.storage.query<{ id: string }>('SELECT id FROM audit_log ORDER BY id')
    const second = Number(rows[1]!.id)
    await tamper(
      t,
      `UPDATE audit_log a SET status = 500 WHERE id = ${second};
       UPDATE audit_log a SET hash = audit_entry_hash(prev_hash, a) WHERE id = ${second}`,
    )
    const report = await verifyAuditChain(t.storage)
    expect(report.break).toMatchObject({
      id: Number(rows[2]!.id),
      reason: 'entries-removed-before',
    })
  })

  it('notices an entry removed from the middle, the start or the end', async () => {
    await recordAudit(t.storage, [entry(1), entry(2), entry(3), entry(4), entry(5)])
    const ids = (
      await t.storage.query<{ id: string }>('SELECT id FROM audit_log ORDER BY id')
    ).rows.map((r) => Number(r.id))
    await tamper(t, `DELETE FROM audit_log WHERE id = ${ids[4]}`)
    expect((await verifyAuditChain(t.storage)).break).toMatchObject({
      reason: 'entries-removed-after',
      id: ids[4],
    })
    await tamper(t, `DELETE FROM audit_log WHERE id = ${ids[2]}`)
    expect((await verifyAuditChain(t.storage)).break).toMatchObject({
      reason: 'entries-removed-before',
      id: ids[3],
    })
    await tamper(t, `DELETE FROM audit_log WHERE id = ${ids[0]}`)
    expect((await verifyAuditChain(t.storage)).break).toMatchObject({
      reason: 'entries-removed-before',
      id: ids[1],
    })
  })

  it('allows the oldest entries to go once past their retention, and only those', async () => {
    // Two entries written 40 days ago (retention 30), then two today.
    await t.storage.exec(
      `INSERT INTO audit_log (at, action, operation) VALUES
         (now() - interval '40 days', 'read', 'old 1'), (now() - interval '40 days', 'read', 'old 2')`,
    )
    await recordAudit(t.storage, [entry(3), entry(4)])
    const ids = (
      await t.storage.query<{ id: string }>('SELECT id FROM audit_log ORDER BY id')
    ).rows.map((r) => Number(r.id))
    // Deleted as the retention allows (the trigger notes the last one as the chain's anchor).
    const gone = await t.storage.query(`DELETE FROM audit_log WHERE operation LIKE 'old %'`)
    expect(gone.rowCount).toBe(2)
    expect(await verifyAuditChain(t.storage)).toMatchObject({
      whole: true,
      entries: 2,
      firstId: ids[2],
    })
    // One young entry removed behind the triggers' back: a break.
    await tamper(t, `DELETE FROM audit_log WHERE id = ${ids[2]}`)
    expect((await verifyAuditChain(t.storage)).break).toMatchObject({
      reason: 'entries-removed-before',
      id: ids[3],
    })
  })

  it('checks up to the head it read first: entries written meanwhile are no break', async () => {
    await recordAudit(t.storage, [entry(1), entry(2)])
    const walking = verifyAuditChain(t.storage, { batch: 1 })
    await recordAudit(t.storage, [entry(3)])
    expect((await walking).whole).toBe(true)
  })

  it('links the entries written before the chain existed, in order', async () => {
    const before = await openTestStorage(kind)
    try {
      await migrate(
        before.storage,
        { auditRetentionDays: 30 },
        migrations.filter((m) => m.version < 13),
      )
      await recordAudit(before.storage, [entry(1), entry(2)])
      expect(await migrate(before.storage, { auditRetentionDays: 30 })).toContain(13)
      await recordAudit(before.storage, [entry(3)])
      expect(await verifyAuditChain(before.storage)).toMatchObject({
        whole: true,
        entries: 3,
      })
    } finally {
      await before.close()
    }
  })
})

/** `npm run audit:verify` as an operator runs it: its exit status and what it printed. */
async function verifyCommand(env: Record<string, string>) {
  const run = promisify(execFile)
  try {
    const { stdout } = await run('npx', ['tsx', 'server/audit-verify.ts'], {
      env: { ...process.env, DATABASE_URL: '', CONSOLE_DATA_DIR: '', ...env },
    })
    return { code: 0, out: stdout }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, out: e.stdout + e.stderr }
  }
}

describe('npm run audit:verify', () => {
  // On the Postgres server of the server's tests, where there is one.
  for (const kind of storageKinds.filter((k) => k === 'postgres'))
    it(`says whole, then names the entry changed in Postgres, with exit status 1 (${kind})`, async () => {
      const t = await openTestStorage('postgres')
      try {
        await migrate(t.storage, { auditRetentionDays: 30 })
        await recordAudit(t.storage, [entry(1), entry(2), entry(3)])
        const whole = await verifyCommand({ DATABASE_URL: t.url! })
        expect(whole).toMatchObject({ code: 0 })
        expect(whole.out).toMatch(/whole: 3 entries,/)
        const { rows } = await t.storage.query<{ id: string }>(
          'SELECT id FROM audit_log ORDER BY id',
        )
        await tamper(t, `UPDATE audit_log SET record_id = '999' WHERE id = ${rows[1]!.id}`)
        const broken = await verifyCommand({ DATABASE_URL: t.url! })
        expect(broken.code).toBe(1)
        expect(broken.out).toContain(`broken at entry ${rows[1]!.id}`)
      } finally {
        await t.close()
      }
    }, 60_000)

  it('reads an embedded record, and refuses one a running process has open', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-verify-'))
    try {
      const open = await openEmbedded(dir)
      await migrate(open, { auditRetentionDays: 30 })
      await recordAudit(open, [entry(1)])
      const refused = await verifyCommand({ CONSOLE_DATA_DIR: dir })
      expect(refused.code).toBe(2)
      expect(refused.out).toContain(`open in process ${process.pid}`)
      await open.close()
      const whole = await verifyCommand({ CONSOLE_DATA_DIR: dir })
      expect(whole).toMatchObject({ code: 0 })
      expect(whole.out).toMatch(/whole: 1 entry,/)
      const again = await openEmbedded(dir)
      await again.transaction(async (tx) => {
        await tx.exec('ALTER TABLE audit_log DISABLE TRIGGER USER')
        await tx.exec(`UPDATE audit_log SET user_name = 'Someone Else'`)
        await tx.exec('ALTER TABLE audit_log ENABLE TRIGGER USER')
      })
      const { rows } = await again.query<{ id: string }>('SELECT id FROM audit_log')
      await again.close()
      const broken = await verifyCommand({ CONSOLE_DATA_DIR: dir })
      expect(broken.code).toBe(1)
      expect(broken.out).toContain(`broken at entry ${rows[0]!.id}`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
