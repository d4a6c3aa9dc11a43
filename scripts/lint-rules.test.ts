import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, it } from 'vitest'

/*
 * The layering rules of docs/architecture.md, shown on fixtures linted with the project's own
 * ESLint configuration: an import that breaks a rule fails `npm run lint`.
 */
const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })
const fixtureDir = path.join(root, 'src/lib', `lint-fixture-${process.pid}`)
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }))

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
})
