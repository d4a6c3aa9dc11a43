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
import { renderTemplate } from './render-kit'

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
    for (const child of children) child.kill('SIGTERM')
    await Promise.all(
      children.map((c) =>
        c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null,
      ),
    )
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
    // What the nginx image's own nginx.conf provides around conf.d/*.conf.
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
    const nginxProcess = spawn(
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
      {
        stdio: 'ignore',
      },
    )
    children.push(nginxProcess)

    await waitFor(`${origin(rootPort)}/config.json`, (r) => r.ok, 'nginx', nginxProcess)
    await waitFor(`${service}/priorities`, (r) => r.status === 403, 'the sandbox', sandbox)
    return {
      root: origin(rootPort),
      subPath: `${origin(subPort)}/console`,
      service,
      html,
      nginxLog: () => {
        try {
          return readFileSync(path.join(work, 'error.log'), 'utf8')
        } catch {
          return ''
        }
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
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
