import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderTemplate } from '../e2e/render-kit'
import { PRECOMPRESSED_EXTENSIONS } from './vite-precompress'

// The Dockerfile cannot be built here (no Docker engine); what can be checked without one is
// that it and the nginx templates it installs agree. e2e/deploy.spec.ts runs the templates.
const dockerfile = readFileSync('deploy/Dockerfile', 'utf8')
const templates = ['console.conf.template', 'console-security-headers.inc.template'].map((f) =>
  readFileSync(`deploy/nginx/${f}`, 'utf8'),
)

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
    // The templates the image renders are the ones in the repository.
    expect(dockerfile).toContain('/etc/nginx/templates/')
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
