import { spawn, type ChildProcess } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  statSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { API_KEY, DEMO_PASSWORD } from './fixtures'
import { renderKit, renderTemplate } from './render-kit'

/*
 * The deployment kit run for real: the production build (dist/, made by the suite's web server)
 * served by Debian's nginx with deploy/nginx's templates rendered the way the nginx image renders
 * them (e2e/render-kit.ts: the base path checked, then envsubst), and the sandbox started as a
 * separate service on another origin, so CORS and the CSP's connect-src are the browser's own
 * checks.
 */

const templates = path.resolve('deploy/nginx')

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

function nginxBinary(): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']
  const found = dirs.map((d) => path.join(d, 'nginx')).find((p) => existsSync(p))
  if (!found)
    throw new Error(
      'nginx is needed for the deployment smoke test: install it (Debian: apt-get install nginx; .ci/run does)',
    )
  return found
}

async function waitFor(
  url: string,
  ok: (r: Response) => boolean,
  what: string,
  child: ChildProcess,
) {
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`)
    try {
      if (ok(await fetch(url))) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${what} did not answer at ${url}`)
}

/** Readable by nginx's worker user (nobody) when the test runs as root. */
function openUp(dir: string) {
  chmodSync(dir, 0o755)
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) openUp(full)
    else chmodSync(full, 0o644)
  }
}

/**
 * nginx in the foreground with conf.d/*.conf of `conf` inside what the nginx image's own
 * nginx.conf provides around them; its error log is `work`/error.log.
 */
function startNginx(nginx: string, work: string, conf: string): ChildProcess {
  writeFileSync(
    path.join(conf, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(work, 'nginx.pid')};`,
      `error_log ${path.join(work, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${path.join(work, `${t}-temp`)};`,
      ),
      '  include conf.d/*.conf;',
      '}',
    ].join('\n'),
  )
  openUp(work)
  return spawn(
    nginx,
    [
      '-p',
      work,
      '-c',
      path.join(conf, 'nginx.conf'),
      '-e',
      path.join(work, 'error.log'),
      '-g',
      'daemon off;',
    ],
    { stdio: 'ignore' },
  )
}

/** Ends the children and waits until each has exited. */
async function stopAll(children: ChildProcess[]) {
  for (const child of children) child.kill('SIGTERM')
  await Promise.all(
    children.map((c) =>
      c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null,
    ),
  )
}

const readLog = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

export interface Deployment {
  /** The console at a host's root, e.g. http://127.0.0.1:4711 */
  root: string
  /** The console under a sub-path, e.g. http://127.0.0.1:4712/console */
  subPath: string
  /** The sandbox service's base URL (another origin), e.g. http://127.0.0.1:4713/api */
  service: string
  /** The copy of dist/ nginx serves (tests may take a chunk away, as a new build would). */
  html: string
  nginxLog: () => string
  stop: () => Promise<void>
}

export async function startDeployment(): Promise<Deployment> {
  const nginx = nginxBinary()
  if (!existsSync('dist/index.html')) throw new Error('dist/ is not built (the suite builds it)')
  const work = mkdtempSync(path.join(tmpdir(), 'e2e-deploy-'))
  const [rootPort, subPort, servicePort] = [await freePort(), await freePort(), await freePort()]
  const origin = (port: number) => `http://127.0.0.1:${port}`
  const service = `${origin(servicePort)}/api`

  const children: ChildProcess[] = []
  const stop = async () => {
    await stopAll(children)
    rmSync(work, { recursive: true, force: true })
  }
  try {
    // The service, on its own origin, allowing the two console origins.
    const tsx = path.resolve('node_modules/tsx/dist/cli.mjs')
    const sandbox = spawn(
      process.execPath,
      [tsx, 'sandbox/index.ts', '--port', String(servicePort)],
      {
        env: {
          ...process.env,
          SANDBOX_DATA_DIR: path.join(work, 'data'),
          SANDBOX_EVENTS: '300',
          SANDBOX_TODAY: '',
          SANDBOX_CORS_ORIGINS: `${origin(rootPort)},${origin(subPort)}`,
        },
        stdio: 'ignore',
      },
    )
    children.push(sandbox)

    // The build as it would be copied to a host (it holds no config.json), with the
    // deployment's own config.json beside it: the sandbox's databases, the service elsewhere.
    const html = path.join(work, 'html')
    cpSync('dist', html, { recursive: true })
    const config = JSON.parse(readFileSync('sandbox/console-config.json', 'utf8')) as Record<
      string,
      unknown
    >
    writeFileSync(
      path.join(html, 'config.json'),
      JSON.stringify({ ...config, serviceUrl: service, sandbox: false }),
    )

    // nginx with the kit's templates, rendered once per server: the root and a sub-path.
    const conf = path.join(work, 'conf')
    mkdirSync(path.join(conf, 'conf.d'), { recursive: true })
    const vars = (port: number, basePath: string) => ({
      CONSOLE_PORT: `127.0.0.1:${port}`,
      CONSOLE_ROOT: html,
      CONSOLE_BASE_PATH: basePath,
      CONSOLE_SERVICE_ORIGIN: origin(servicePort),
    })
    const server = readFileSync(path.join(templates, 'console.conf.template'), 'utf8')
    const headers = readFileSync(
      path.join(templates, 'console-security-headers.inc.template'),
      'utf8',
    )
    writeFileSync(path.join(conf, 'conf.d/root.conf'), renderTemplate(server, vars(rootPort, '/')))
    writeFileSync(
      path.join(conf, 'conf.d/sub.conf'),
      renderTemplate(server, vars(subPort, '/console/')),
    )
    writeFileSync(
      path.join(conf, 'conf.d/console-security-headers.inc'),
      renderTemplate(headers, vars(rootPort, '/')),
    )
    const nginxProcess = startNginx(nginx, work, conf)
    children.push(nginxProcess)

    await waitFor(`${origin(rootPort)}/config.json`, (r) => r.ok, 'nginx', nginxProcess)
    await waitFor(`${service}/priorities`, (r) => r.status === 403, 'the sandbox', sandbox)
    return {
      root: origin(rootPort),
      subPath: `${origin(subPort)}/console`,
      service,
      html,
      nginxLog: () => readLog(path.join(work, 'error.log')),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

export interface ServerDeployment {
  /** The console and its server behind one nginx, at the host's root: http://127.0.0.1:4714 */
  origin: string
  /** The sandbox service itself (its own port, reached by the console server only). */
  service: string
  /** Stops the sandbox service (the console server and nginx stay up). */
  stopService: () => Promise<void>
  /** Starts it again, on the same port and data. */
  startService: () => Promise<void>
  /** Stops the console server (nginx stays up): its embedded database is then free to open. */
  stopServer: () => Promise<void>
  /** Starts it again, on the same port and data. */
  startServer: () => Promise<void>
  /** The console server's embedded database (`CONSOLE_DATA_DIR`). */
  dataDir: string
  /** What the console server wrote (its start line, errors). */
  serverLog: () => string
  nginxLog: () => string
  stop: () => Promise<void>
}

/**
 * The console deployed with its server, as deploy/compose.yaml runs it: the sandbox on its own
 * port, the console server (server/index.ts) as a process of its own reading it with the
 * sandbox's `console-server` account, and nginx with the kit rendered for
 * CONSOLE_SERVER_ORIGIN, serving the build and passing /console-api/ and /api/ to the server.
 * The deployment's config.json names them: no API key on the sign-in page, no CORS.
 */
export async function startServerDeployment(): Promise<ServerDeployment> {
  const nginx = nginxBinary()
  if (!existsSync('dist/index.html')) throw new Error('dist/ is not built (the suite builds it)')
  const work = mkdtempSync(path.join(tmpdir(), 'e2e-deploy-server-'))
  const [port, servicePort, serverPort] = [await freePort(), await freePort(), await freePort()]
  const origin = `http://127.0.0.1:${port}`
  const service = `http://127.0.0.1:${servicePort}/api`
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs')

  const children: ChildProcess[] = []
  const stop = async () => {
    await stopAll(children)
    rmSync(work, { recursive: true, force: true })
  }
  let serverOutput = ''
  try {
    // No CORS origins: no browser reaches the sandbox, only the console server does. Started
    // again on the same port and data after `stopService`, as a service back from an outage.
    const startSandbox = async () => {
      const sandbox = spawn(
        process.execPath,
        [tsx, 'sandbox/index.ts', '--port', String(servicePort)],
        {
          env: {
            ...process.env,
            SANDBOX_DATA_DIR: path.join(work, 'service-data'),
            SANDBOX_EVENTS: '300',
            SANDBOX_TODAY: '',
            SANDBOX_CORS_ORIGINS: '',
          },
          stdio: 'ignore',
        },
      )
      children.push(sandbox)
      await waitFor(`${service}/priorities`, (r) => r.status === 403, 'the sandbox', sandbox)
      return sandbox
    }
    let sandbox = await startSandbox()

    // The server's settings only, as a container would have them: nothing of this environment.
    const dataDir = path.join(work, 'console-data')
    const startServer = () => {
      const started = spawn(process.execPath, [tsx, 'server/index.ts'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          SERVICE_URL: service,
          SERVICE_API_KEY: API_KEY,
          SERVICE_DATABASES: 'demo,training',
          SERVICE_USERNAME: 'console-server',
          SERVICE_PASSWORD: DEMO_PASSWORD,
          CONSOLE_DATA_DIR: dataDir,
          PORT: String(serverPort),
          HOST: '127.0.0.1',
          // Changes made past the console reach the stream within a second or two.
          MIRROR_POLL_SECONDS: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      started.stdout.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()))
      started.stderr.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()))
      children.push(started)
      return started
    }
    let server = startServer()

    const html = path.join(work, 'html')
    cpSync('dist', html, { recursive: true })
    const config = JSON.parse(readFileSync('sandbox/console-config.json', 'utf8')) as Record<
      string,
      unknown
    >
    writeFileSync(
      path.join(html, 'config.json'),
      JSON.stringify({
        ...config,
        serviceUrl: '/api',
        consoleServer: '/console-api/',
        sandbox: false,
      }),
    )

    // The kit as the image renders it (deploy/console-server-locations.sh included).
    const conf = path.join(work, 'conf')
    mkdirSync(path.join(conf, 'conf.d'), { recursive: true })
    const written = renderKit(path.join(conf, 'conf.d'), {
      CONSOLE_PORT: `127.0.0.1:${port}`,
      CONSOLE_ROOT: html,
      CONSOLE_BASE_PATH: '/',
      CONSOLE_SERVICE_ORIGIN: '',
      CONSOLE_SERVER_ORIGIN: `http://127.0.0.1:${serverPort}`,
    })
    if (!written.some((f) => f.endsWith('console-server-locations.inc')))
      throw new Error('the kit rendered no locations for the console server')
    const nginxProcess = startNginx(nginx, work, conf)
    children.push(nginxProcess)

    await waitFor(`${origin}/config.json`, (r) => r.ok, 'nginx', nginxProcess)
    // Through nginx: the server answers (every /console-api/ route wants a token).
    await waitFor(
      `${origin}/console-api/health`,
      (r) => r.status === 401,
      'the console server behind nginx',
      server,
    )
    return {
      origin,
      service,
      async stopService() {
        await stopAll([sandbox])
        const at = children.indexOf(sandbox)
        if (at >= 0) children.splice(at, 1)
      },
      async startService() {
        sandbox = await startSandbox()
      },
      async stopServer() {
        await stopAll([server])
        const at = children.indexOf(server)
        if (at >= 0) children.splice(at, 1)
      },
      async startServer() {
        server = startServer()
        await waitFor(
          `${origin}/console-api/health`,
          (r) => r.status === 401,
          'the console server behind nginx',
          server,
        )
      },
      dataDir,
      serverLog: () => serverOutput,
      nginxLog: () => readLog(path.join(work, 'error.log')),
      stop,
    }
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n${serverOutput}`)
  }
}

/** A token and the first event of the separate sandbox, asked for over HTTP as a client would. */
export async function firstEvent(service: string): Promise<{ event_ID: number; subject: string }> {
  const headers = { 'x-api-key': API_KEY, 'service-database': 'demo' }
  const signIn = await fetch(`${service}/user-authentication`, {
    method: 'POST',
    headers: { ...headers, authorization: `Basic ${btoa(`staff:${DEMO_PASSWORD}`)}` },
  })
  const { data } = (await signIn.json()) as {
    data: { authenticationResult: { idToken: string } }
  }
  const events = await fetch(`${service}/events?pageSize=1&sortBy=event_ID:asc`, {
    headers: { ...headers, authorization: `Bearer ${data.authenticationResult.idToken}` },
  })
  const body = (await events.json()) as { data: { event_ID: number; subject: string }[] }
  const [first] = body.data
  if (!first) throw new Error('The sandbox has no events')
  return first
}
