import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * docs/architecture.md names only what exists. Every `quoted` file or folder path must exist
 * in the repository (from its root, or as the end of a path in it when the text abbreviates,
 * like `features/events/cache.ts`), and every quoted camelCase or PascalCase name must be
 * exported by the code (src/, sandbox/, scripts/, e2e/). Quoted code with spaces, placeholders
 * (`<name>`, `…`), globs, addresses and headers is prose, not a reference, and is not checked.
 */
const root = path.resolve(import.meta.dirname, '..')
const DOC = 'docs/architecture.md'

/** Names the document quotes that the code uses but does not export: its libraries' words. */
const NOT_OURS = new Set([
  // React, React Query, React Hook Form, the platform
  'useId',
  'useQuery',
  'useSyncExternalStore',
  'QueryClient',
  'zodResolver',
  'Date',
  // options of usePinnedMutation and useQuery, not exports
  'onMutate',
  'onError',
  'onSuccess',
  'staleTime',
  // JSON Schema's keyword; @hono/node-server's
  'maxLength',
  'getConnInfo',
  // the platform's Intl and its Locale's fields; FullCalendar's option
  'Intl',
  'getHourCycles',
  'hourCycles',
  'getWeekInfo',
  'weekInfo',
  'firstDay',
  // a method of ApiClient, a field of CurrentUser, a key of config.json
  'requestWithActivity',
  'signedInAt',
  'sessionLimits',
])

/** Files the document names that are, by design, not in the repository. */
const NOT_IN_REPO = new Set([
  // the runtime configuration, written beside index.html by whoever serves the console
  'config.json',
])

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report'])

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue
    const rel = dir ? `${dir}/${entry.name}` : entry.name
    out.push(entry.isDirectory() ? `${rel}/` : rel)
    if (entry.isDirectory()) walk(rel, out)
  }
  return out
}

/** Every `quoted` piece of the text outside code blocks (a quote may run over a line break). */
export function quoted(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '')
  return [...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\s+/g, ' ').trim())
}

const FILE_LIKE = /\.(?:tsx?|m?js|json|md|html|css)$/
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
/** camelCase with a capital inside, or PascalCase: a name of the code, not a word. */
const CODE_NAME = /^(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Za-z0-9]*)$/

export type Reference = { kind: 'path'; text: string } | { kind: 'name'; text: string }

/** What a quoted piece refers to, or null for prose (code with spaces, placeholders, addresses). */
export function referenceOf(text: string): Reference | null {
  // Code that calls or reads a name of ours: `getEvent(api, 42, { database })`, `eventKeys.detail(…)`.
  const leading = /^([A-Za-z_$][\w$]*)[.(]/.exec(text)?.[1]
  if (leading && CODE_NAME.test(leading) && !FILE_LIKE.test(text))
    return { kind: 'name', text: leading }
  if (/[\s<>…*:#=]/.test(text) || text.startsWith('/') || text.startsWith('.')) return null
  if (text.includes('/') || FILE_LIKE.test(text)) return { kind: 'path', text }
  if (IDENTIFIER.test(text) && CODE_NAME.test(text)) return { kind: 'name', text }
  return null
}

const EXPORT =
  /export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g
const EXPORT_LIST = /export\s+(?:type\s+)?\{([^}]*)\}/g

function exportedNames(files: readonly string[]): Set<string> {
  const names = new Set<string>()
  for (const file of files) {
    if (!/^(?:src|sandbox|scripts|e2e|server)\/.*\.(?:tsx?|m?js)$/.test(file)) continue
    const text = readFileSync(path.join(root, file), 'utf8')
    for (const m of text.matchAll(EXPORT)) names.add(m[1]!)
    for (const m of text.matchAll(EXPORT_LIST))
      for (const part of m[1]!.split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)
          .pop()
          ?.trim()
        if (name) names.add(name)
      }
  }
  return names
}

const packageNames = (() => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  return new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
  ])
})()
const eslintConfig = readFileSync(path.join(root, 'eslint.config.js'), 'utf8')

function pathExists(text: string, files: readonly string[]) {
  if (NOT_IN_REPO.has(text)) return true
  if (existsSync(path.join(root, text))) return true
  // An abbreviated path: the end of a real one (`features/events/cache.ts`, `list/filters/`).
  if (files.some((file) => file.endsWith(`/${text}`))) return true
  // A package's entry (`zod/mini`) or a lint rule (`import-x/no-cycle`) is not a file of ours.
  const [first = '', second = ''] = text.split('/')
  if (packageNames.has(first) || packageNames.has(`${first}/${second}`)) return true
  return eslintConfig.includes(`'${text}'`)
}

/** The real file a path the document quotes stands for (from the root, or a path's end). */
function fileOf(text: string, files: readonly string[]): string | null {
  if (existsSync(path.join(root, text)) && !text.endsWith('/')) return text
  return files.find((file) => file.endsWith(`/${text}`)) ?? null
}

/** "`NAME` in `file`" claims of the prose: the name said to live in that file. */
export function inFileClaims(markdown: string): { name: string; file: string }[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/\s+/g, ' ')
  return [...prose.matchAll(/`([A-Za-z_$][\w$]*)`,? in `([^`\s]+\.(?:tsx?|m?js))`/g)].map((m) => ({
    name: m[1]!,
    file: m[2]!,
  }))
}

/** A name the code of a file holds as a whole word (declared, exported, a key, an option). */
const mentions = (name: string, text: string) => new RegExp(`\\b${name}\\b`).test(text)

const ALL_CAPS = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{3,}[0-9]*$/

describe('docs/architecture.md', () => {
  const files = walk('')
  const references = quoted(readFileSync(path.join(root, DOC), 'utf8'))
    .map(referenceOf)
    .filter((r): r is Reference => r !== null)

  it('quotes files and folders that exist', () => {
    const paths = references.filter((r) => r.kind === 'path').map((r) => r.text)
    expect(paths.length).toBeGreaterThan(50)
    expect(paths.filter((text) => !pathExists(text, files))).toEqual([])
  })

  it('quotes names the code exports', () => {
    const exported = exportedNames(files)
    const names = references.filter((r) => r.kind === 'name').map((r) => r.text)
    expect(names.length).toBeGreaterThan(30)
    expect(names.filter((name) => !exported.has(name) && !NOT_OURS.has(name))).toEqual([])
  })

  it('puts each name it says is "in" a file in that file', () => {
    const claims = inFileClaims(readFileSync(path.join(root, DOC), 'utf8'))
    expect(claims.length).toBeGreaterThan(5)
    const wrong = claims.filter(({ name, file }) => {
      const real = fileOf(file, files)
      return !real || !mentions(name, readFileSync(path.join(root, real), 'utf8'))
    })
    expect(wrong).toEqual([])
  })

  it('quotes constants (ALL_CAPS) the code holds', () => {
    const code = files
      .filter((f) => /^(?:src|sandbox|server|scripts|e2e)\/.*\.(?:tsx?|m?js)$/.test(f))
      .map((f) => readFileSync(path.join(root, f), 'utf8'))
      .join('\n')
    const constants = quoted(readFileSync(path.join(root, DOC), 'utf8')).filter((t) =>
      ALL_CAPS.test(t),
    )
    expect(constants.length).toBeGreaterThan(3)
    expect(constants.filter((name) => !mentions(name, code))).toEqual([])
  })

  it('would catch a name put in the wrong file', () => {
    expect(inFileClaims('the pages (`PAGES` in `app/layout/search-everywhere.tsx`)')).toEqual([
      { name: 'PAGES', file: 'app/layout/search-everywhere.tsx' },
    ])
    const wrongFile = readFileSync(
      path.join(root, fileOf('app/layout/search-everywhere.tsx', files)!),
      'utf8',
    )
    expect(mentions('PAGES', wrongFile)).toBe(false)
    const rightFile = readFileSync(path.join(root, fileOf('app/pages.ts', files)!), 'utf8')
    expect(mentions('PAGES', rightFile)).toBe(true)
    expect(ALL_CAPS.test('BULK_BATCH_SIZE')).toBe(true)
    expect(ALL_CAPS.test('GET')).toBe(true)
    expect(ALL_CAPS.test('Event')).toBe(false)
  })

  it('tells references from prose', () => {
    expect(referenceOf('features/events/cache.ts')).toEqual({
      kind: 'path',
      text: 'features/events/cache.ts',
    })
    expect(referenceOf('index.html')).toEqual({ kind: 'path', text: 'index.html' })
    expect(referenceOf('useEventQueries()')).toEqual({ kind: 'name', text: 'useEventQueries' })
    expect(referenceOf('userCan(user, permission)')).toEqual({ kind: 'name', text: 'userCan' })
    expect(referenceOf('eventKeys.detail(db, id)')).toEqual({ kind: 'name', text: 'eventKeys' })
    expect(referenceOf('ErrorPanel')).toEqual({ kind: 'name', text: 'ErrorPanel' })
    for (const prose of [
      'src/app/routes/<name>.tsx',
      'GET /events/42',
      '/api',
      'paths',
      'x-api-key',
      'controller.lock()',
      'await mutateAsync(...)',
    ])
      expect(referenceOf(prose)).toBeNull()
    expect(quoted('a `Cache-Control:\nno-store` b\n```\n`inside`\n```\n`after`')).toEqual([
      'Cache-Control: no-store',
      'after',
    ])
  })

  it('would catch a name or a file that is gone', () => {
    const exported = exportedNames(files)
    expect(exported.has('calendarKeys')).toBe(false)
    expect(exported.has('eventKeys')).toBe(true)
    expect(pathExists('calendar/use-move-event.ts', files)).toBe(false)
    expect(pathExists('features/events/cache.ts', files)).toBe(true)
  })
})
