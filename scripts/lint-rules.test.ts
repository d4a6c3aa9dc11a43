import { existsSync, mkdirSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, it } from 'vitest'

/*
 * The layering rules of docs/architecture.md, shown on fixtures linted with the project's own
 * ESLint configuration: an import that breaks a rule fails `npm run lint`.
 */
const root = path.resolve(import.meta.dirname, '..')
const fixtureDir = path.join(root, 'src/lib', `lint-fixture-${process.pid}`)
// A feature folder that exists only while this file runs: the configuration reads the folder
// list when it loads (once per process), so the folder is made before the linter starts.
const newFeature = `lint-fixture-feature-${process.pid}`
const newFeatureDir = path.join(root, 'src/features', newFeature)
mkdirSync(newFeatureDir, { recursive: true })
const eslint = new ESLint({ cwd: root })
// A real module inside the event model, for the model importing itself.
const modelDir = path.join(root, 'src/features/events/model')
const modelHadFolder = existsSync(modelDir)
const modelSibling = path.join(modelDir, `lint-fixture-${process.pid}.ts`)
afterAll(() => {
  rmSync(fixtureDir, { recursive: true, force: true })
  rmSync(newFeatureDir, { recursive: true, force: true })
  rmSync(modelSibling, { force: true })
  if (!modelHadFolder && existsSync(modelDir) && readdirSync(modelDir).length === 0) {
    rmdirSync(modelDir)
  }
})

async function ruleIds(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
  return (result?.messages ?? []).map((m) => m.ruleId)
}

// ESLint with the TypeScript resolver takes a few seconds to start, longer on a busy machine.
describe('lint', { timeout: 60_000 }, () => {
  it('fails a file directly under one feature importing another by a relative path', async () => {
    const code = "import { authQueries } from '../auths/queries'\nexport const q = authQueries\n"
    expect(await ruleIds('src/features/events/fixture.ts', code)).toContain(
      'import-x/no-restricted-paths',
    )
  })

  it('fails a cross-feature import spelt with the @ alias, deep in a feature', async () => {
    const code =
      "import { authQueries } from '@/features/auths/queries'\nexport const q = authQueries\n"
    expect(await ruleIds('src/features/events/list/deep/fixture.ts', code)).toContain(
      'import-x/no-restricted-paths',
    )
  })

  it('passes an import within the feature, and of the shared layers', async () => {
    const code =
      "import { eventQueries } from '../queries'\nimport { dbKey } from '@/api/query-keys'\nexport const q = [eventQueries, dbKey]\n"
    expect(await ruleIds('src/features/events/list/fixture.ts', code)).toEqual([])
  })

  it('fails a shared layer importing a feature, and the sandbox importing the app', async () => {
    const feature =
      "import { eventQueries } from '@/features/events/queries'\nexport const q = eventQueries\n"
    expect(await ruleIds('src/lib/fixture.ts', feature)).toContain('import-x/no-restricted-paths')
    const app = "import { API_ERROR } from '../src/api/client'\nexport const q = API_ERROR\n"
    expect(await ruleIds('sandbox/fixture.ts', app)).toContain('import-x/no-restricted-paths')
  })

  it('fences in a feature folder no list names: it may not import another feature', async () => {
    const code =
      "import { eventQueries } from '@/features/events/queries'\nexport const q = eventQueries\n"
    expect(await ruleIds(`src/features/${newFeature}/queries.ts`, code)).toContain(
      'import-x/no-restricted-paths',
    )
    const own = "import { dbKey } from '@/api/query-keys'\nexport const q = dbKey\n"
    expect(await ruleIds(`src/features/${newFeature}/queries.ts`, own)).toEqual([])
  })

  it('fails the event model importing React, a package, its own feature or lib', async () => {
    const file = 'src/features/events/model/fixture.ts'
    const imports = [
      "import { useMemo } from 'react'\nexport const q = useMemo\n",
      "import { Temporal } from 'temporal-polyfill'\nexport const q = Temporal\n",
      "import { eventKeys } from '../keys'\nexport const q = eventKeys\n",
      "import { eventQueries } from '@/features/events/queries'\nexport const q = eventQueries\n",
      "import { authQueries } from '@/features/auths/queries'\nexport const q = authQueries\n",
      "import { paths } from '@/lib/paths'\nexport const q = paths\n",
      "import { Button } from '@/components/ui/button'\nexport const q = Button\n",
    ]
    for (const code of imports) {
      expect(await ruleIds(file, code), code).toContain('import-x/no-restricted-paths')
    }
  })

  it('passes the event model importing the contract, the dates and itself', async () => {
    mkdirSync(modelDir, { recursive: true })
    writeFileSync(modelSibling, 'export const other = 1\n')
    const code = [
      "import type { Event } from '@/api/schemas/event'",
      "import { parseServiceDate } from '../../../api/dates'",
      `import { other } from './${path.basename(modelSibling, '.ts')}'`,
      'export const q = (e: Event) => [e, parseServiceDate, other]',
      '',
    ].join('\n')
    expect(await ruleIds('src/features/events/model/fixture.ts', code)).toEqual([])
  })

  it('fails an import cycle', async () => {
    mkdirSync(fixtureDir, { recursive: true })
    writeFileSync(
      path.join(fixtureDir, 'b.ts'),
      "import { a } from './a'\nexport const b = () => a\n",
    )
    const a = "import { b } from './b'\nexport const a = () => b\n"
    writeFileSync(path.join(fixtureDir, 'a.ts'), a)
    const file = path.relative(root, path.join(fixtureDir, 'a.ts'))
    expect(await ruleIds(file, a)).toContain('import-x/no-cycle')
  })

  it('fails an import cycle made of type imports', async () => {
    mkdirSync(fixtureDir, { recursive: true })
    writeFileSync(
      path.join(fixtureDir, 'd.ts'),
      "import type { C } from './c'\nexport interface D {\n  c: C\n}\n",
    )
    const c = "import type { D } from './d'\nexport interface C {\n  d?: D\n}\n"
    writeFileSync(path.join(fixtureDir, 'c.ts'), c)
    const file = path.relative(root, path.join(fixtureDir, 'c.ts'))
    expect(await ruleIds(file, c)).toContain('import-x/no-cycle')
  })
})
