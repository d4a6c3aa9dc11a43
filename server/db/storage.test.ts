import { execFile, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { promisify } from 'node:util'
import { EMBEDDED_CLUSTER, openEmbedded, openPostgres } from './storage'
import { migrate, migrations } from './migrations'
import { eventually, openTestStorage, storageKinds, type TestStorage } from '../testing'

const run = promisify(execFile)

// A cluster takes a second or two to make and start on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 })

describe.each(storageKinds)('storage (%s)', (kind) => {
  let t: TestStorage
  afterEach(async () => t?.close())

  it('queries with parameters and rolls a failed transaction back', async () => {
    t = await openTestStorage(kind)
    const { storage } = t
    await storage.exec('CREATE TABLE t (id integer PRIMARY KEY, v jsonb)')
    await storage.query('INSERT INTO t VALUES ($1, $2)', [1, JSON.stringify({ a: 'x' })])
    await expect(
      storage.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES ($1, $2)', [2, '{}'])
        throw new Error('stop')
      }),
    ).rejects.toThrow('stop')
    const { rows } = await storage.query<{ id: number; v: { a: string } }>('SELECT * FROM t')
    expect(rows).toEqual([{ id: 1, v: { a: 'x' } }])
  })

  it('compiles no question to machine code (JIT) nor splits it among workers, on every connection', async () => {
    t = await openTestStorage(kind)
    const show = async (sql: Pick<TestStorage['storage'], 'query'>) =>
      [
        (await sql.query<{ jit: string }>('SHOW jit')).rows[0]!.jit,
        (
          await sql.query<{ max_parallel_workers_per_gather: string }>(
            'SHOW max_parallel_workers_per_gather',
          )
        ).rows[0]!.max_parallel_workers_per_gather,
      ].join(' ')
    // Several at once, so a pool opens several connections.
    const seen = await Promise.all([
      ...Array.from({ length: 4 }, () => show(t.storage)),
      t.storage.transaction((tx) => show(tx)),
    ])
    expect(seen).toEqual(Array.from({ length: 5 }, () => 'off 0'))
  })

  it('keeps the settings of PGOPTIONS beside its own', async () => {
    const before = process.env.PGOPTIONS
    process.env.PGOPTIONS = '-c statement_timeout=12345'
    try {
      t = await openTestStorage(kind)
    } finally {
      if (before === undefined) delete process.env.PGOPTIONS
      else process.env.PGOPTIONS = before
    }
    const { rows } = await t.storage.query<{ timeout: string; jit: string }>(
      `SELECT current_setting('statement_timeout') AS timeout, current_setting('jit') AS jit`,
    )
    expect(rows).toEqual([{ timeout: '12345ms', jit: 'off' }])
  })

  it('delivers notifications committed by a transaction', async () => {
    t = await openTestStorage(kind)
    const seen: string[] = []
    const stop = await t.storage.listen('changes', (p) => seen.push(p))
    await t.storage.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('changes', $1)", ['one'])
    })
    await eventually(() => seen.length === 1, 5000, 'the notification')
    expect(seen).toEqual(['one'])
    await stop()
  })

  it('migrates once, twice at the same time, and records the versions', async () => {
    t = await openTestStorage(kind)
    const second = await openPostgres(t.url)
    const [a, b] = await Promise.all([
      migrate(t.storage, { auditRetentionDays: 30 }),
      migrate(second, { auditRetentionDays: 30 }),
    ])
    // One start applied every version, the other found them applied.
    expect([a, b].sort((x, y) => y.length - x.length)).toEqual([
      migrations.map((m) => m.version),
      [],
    ])
    const { rows } = await t.storage.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    )
    expect(rows.map((r) => Number(r.version))).toEqual(migrations.map((m) => m.version))
    await second.close()
  })

  it('rolls a failing migration back whole', async () => {
    t = await openTestStorage(kind)
    const broken = [
      ...migrations,
      { version: 999, name: 'broken', sql: 'CREATE TABLE half (id int); SELECT nonsense_fn();' },
    ]
    await expect(migrate(t.storage, { auditRetentionDays: 30 }, broken)).rejects.toThrow()
    const { rows } = await t.storage.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name IN ('half', 'schema_migrations', 'mirror_events')",
    )
    expect(rows).toEqual([])
  })
})

describe('embedded storage on disk', () => {
  it('keeps a cache of 96 MB of its own and no more, the system caching the rest', async () => {
    const t = await openTestStorage('embedded')
    try {
      const { rows } = await t.storage.query<{ shared_buffers: string }>('SHOW shared_buffers')
      expect(rows[0]!.shared_buffers).toBe('96MB')
    } finally {
      await t.close()
    }
  })

  it('creates its data folder readable by this user only and keeps data across opens', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'console-data-'))
    const dir = path.join(parent, '.console-data')
    try {
      const first = await openEmbedded(dir)
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      await migrate(first, { auditRetentionDays: 30 })
      await first.query("INSERT INTO mirror_state (database, page_size) VALUES ('demo', 10)")
      await first.close()
      const again = await openEmbedded(dir)
      expect(await migrate(again, { auditRetentionDays: 30 })).toEqual([])
      const { rows } = await again.query('SELECT database FROM mirror_state')
      expect(rows).toEqual([{ database: 'demo' }])
      await again.close()
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  }, 30_000)

  it('is refused a second open in the same process, by a link and another copy of the module too, and opens once let go', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'console-data-'))
    const dir = path.join(parent, '.console-data')
    try {
      const first = await openEmbedded(dir)
      await first.exec('CREATE TABLE kept (v integer)')
      await first.exec('INSERT INTO kept VALUES (1)')
      // By a link to it too, and from another copy of this module (as the Vite plugin loads it).
      symlinkSync(dir, path.join(parent, 'link'))
      vi.resetModules()
      const copy = await import('./storage')
      expect(copy.openEmbedded).not.toBe(openEmbedded)
      for (const other of [dir, path.join(parent, 'link')])
        await expect(copy.openEmbedded(other)).rejects.toThrow(/already open in this process/)
      for (const other of [dir, path.join(parent, 'link')])
        await expect(openEmbedded(other)).rejects.toThrow(/already open in this process/)
      // The refusal stopped nothing: the first is still served.
      expect((await first.query('SELECT v FROM kept')).rows).toEqual([{ v: 1 }])
      await first.close()
      const again = await openEmbedded(dir)
      expect((await again.query('SELECT v FROM kept')).rows).toEqual([{ v: 1 }])
      await again.close()
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('a new embedded data folder', () => {
  it('is made and served by Postgres processes of their own, which stop when it closes', async () => {
    // Asked of a fresh process, as a server starts: the database's work is not in its memory.
    const parent = mkdtempSync(path.join(tmpdir(), 'console-data-'))
    const dir = path.join(parent, '.console-data')
    const program = [
      `const { openEmbedded } = await import(${JSON.stringify(path.join(import.meta.dirname, 'storage.ts'))})`,
      'const storage = await openEmbedded(process.argv[1])',
      "const { rows } = await storage.query('SELECT 1 + 1 AS two, pg_backend_pid() AS backend')",
      'const pids = storage.pids()',
      'await storage.close()',
      "const peak = /VmHWM:\\s+(\\d+) kB/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]",
      'process.stdout.write(JSON.stringify({ two: rows[0].two, backend: rows[0].backend, pids, peakMb: Number(peak) / 1024 }))',
    ].join(';')
    try {
      const { stdout } = await run(process.execPath, [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        program,
        dir,
      ])
      const seen = JSON.parse(stdout) as {
        two: number
        backend: number
        pids: number[]
        peakMb: number
      }
      expect(seen.two).toBe(2)
      expect(statSync(path.join(dir, EMBEDDED_CLUSTER, 'PG_VERSION')).isFile()).toBe(true)
      expect(statSync(path.join(dir, EMBEDDED_CLUSTER)).mode & 0o777).toBe(0o700)
      // The question was answered by one of the cluster's processes, not by the server's.
      expect(seen.pids).toContain(seen.backend)
      for (const pid of seen.pids) expect(alive(pid), `process ${pid}`).toBe(false)
      expect(seen.peakMb).toBeLessThan(300)
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  }, 60_000)

  it('that cannot be made is refused with the reason, and the folder is let go', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'console-data-'))
    const dir = path.join(parent, '.console-data')
    try {
      mkdirSync(dir)
      // A file where the cluster's folder must go.
      writeFileSync(path.join(dir, EMBEDDED_CLUSTER), 'not a folder')
      await expect(openEmbedded(dir)).rejects.toThrow(/Could not make a database in/)
      // Nothing half-made is left, nor the lock: the file is as it was.
      expect(readdirSync(dir)).toEqual([EMBEDDED_CLUSTER])
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  }, 60_000)

  it('of the earlier embedded Postgres (PGlite) is refused with what to do, and left as it was', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'console-data-'))
    const dir = path.join(parent, '.console-data')
    try {
      mkdirSync(dir)
      writeFileSync(path.join(dir, 'PG_VERSION'), '17\n')
      await expect(openEmbedded(dir)).rejects.toThrow(
        /earlier embedded Postgres \(PGlite\).*move it aside/,
      )
      expect(readdirSync(dir)).toEqual(['PG_VERSION'])
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })
})

describe('an embedded database whose server was killed (kill -9 of its process alone)', () => {
  it('leaves no Postgres running, and the next start has every committed row and no other', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'console-data-'))
    const dir = path.join(parent, '.console-data')
    const program = [
      `const { openEmbedded } = await import(${JSON.stringify(path.join(import.meta.dirname, 'storage.ts'))})`,
      'const storage = await openEmbedded(process.argv[1])',
      "await storage.exec('CREATE TABLE kept (n integer)')",
      "await storage.query('INSERT INTO kept SELECT generate_series(1, 1000)')",
      'process.stdout.write(JSON.stringify(storage.pids()) + "\\n")',
      // Writing when it is killed: an open transaction that must not land.
      "await storage.transaction(async (tx) => { await tx.query('INSERT INTO kept VALUES (-1)'); await new Promise(() => {}) })",
    ].join(';')
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', program, dir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          if (out.includes('\n')) resolve(out.split('\n')[0]!)
        })
        child.on('exit', (code) => reject(new Error(`exited ${code}`)))
      })
      const [postmaster] = JSON.parse(line) as number[]
      // Let the open transaction's row be written before the kill.
      await new Promise((r) => setTimeout(r, 300))
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))
      // Its Postgres, processes of its own, is told to stop as it dies (where the system has
      // setpriv; elsewhere the next start stops it): nothing is left holding the folder.
      if (existsSync('/usr/bin/setpriv'))
        await eventually(() => !alive(postmaster!), 10_000, 'the killed server’s Postgres to stop')
      const again = await openEmbedded(dir)
      try {
        expect(alive(postmaster!)).toBe(false)
        const { rows } = await again.query<{ n: number; low: number }>(
          'SELECT count(*)::int AS n, min(n) AS low FROM kept',
        )
        expect(rows).toEqual([{ n: 1000, low: 1 }])
      } finally {
        await again.close()
      }
    } finally {
      child.kill('SIGKILL')
      rmSync(parent, { recursive: true, force: true })
    }
  }, 60_000)
})

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
