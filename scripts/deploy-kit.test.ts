import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

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

  it('index.html carries the <base href> the sub-path rewrite looks for', () => {
    expect(readFileSync('index.html', 'utf8')).toContain('<base href="/" />')
    expect(templates[0]).toContain(`sub_filter '<base href="/" />'`)
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
  it.each(['', '/console', 'console/', '/../', '/a/../', '/a b/', "/a'/"])(
    'refuses "%s"',
    (value) => {
      const result = check(value)
      expect(result.status).toBe(1)
      expect(result.stderr).toContain('CONSOLE_BASE_PATH must be')
    },
  )
  it('is installed where the nginx image runs such checks, before the templates', () => {
    expect(dockerfile).toMatch(/deploy\/check-base-path\.sh \/docker-entrypoint\.d\/0\d-/)
    // No config.json is shipped, even from a dist/ that carries one (the build has none).
    expect(dockerfile).toContain('rm -f /usr/share/nginx/html/config.json')
  })
})
