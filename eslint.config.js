import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

// Imports flow one way: api, lib, components -> features -> app. A feature never imports
// another feature. The event model (src/features/events/model) imports the contract and
// nothing else: no React, no package, no feature (its own included), no lib. The sandbox imports
// the contract (src/api/schemas) and nothing else of src/; the doctor (scripts/doctor) the
// contract and src/api/dates.ts.
// The paths are checked after resolving each import (relative or '@/'), so no spelling of an
// import gets around them; and no module may import itself back through others, types included
// (import-x/no-cycle, as this file defines it below).
// Every folder of src/features is a feature, read from the disk when the linter starts, so a
// new feature is fenced in without editing this file.
const root = import.meta.dirname
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const boundaries = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'A feature never imports another feature: compose them in src/app (docs/architecture.md).',
  })),
  {
    target: './src/features/events/model',
    from: './src',
    except: ['./features/events/model', './api/schemas', './api/dates.ts'],
    message:
      'The event model imports only the contract (src/api/schemas, src/api/dates.ts): no feature, lib or component.',
  },
  {
    target: './src/features/events/model',
    from: './node_modules',
    message: 'The event model is plain functions over the contract: no React, no package.',
  },
  {
    target: './src/features/auths/model',
    from: './src',
    except: ['./features/auths/model', './api/schemas', './api/dates.ts'],
    message:
      'The auth model imports only the contract (src/api/schemas, src/api/dates.ts): no feature, lib or component; words for a clock live in features/auths/clock.',
  },
  {
    target: './src/features/auths/model',
    from: './node_modules',
    message: 'The auth model is plain functions over the contract: no React, no package.',
  },
  ...['api', 'lib', 'components'].map((layer) => ({
    target: `./src/${layer}`,
    from: ['./src/features', './src/app'],
    message: 'Imports flow api/lib/components -> features -> app (docs/architecture.md).',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Imports flow api/lib/components -> features -> app (docs/architecture.md).',
  },
  {
    target: './sandbox',
    from: './src',
    except: ['./api/schemas'],
    message: 'The sandbox imports the contract (src/api/schemas) and nothing else of src/.',
  },
  {
    target: './scripts/doctor',
    from: './src',
    except: ['./api/schemas', './api/dates.ts'],
    message:
      'The doctor imports the contract (src/api/schemas) and src/api/dates.ts, nothing else.',
  },
]

// One resolver for the path rules and the cycle rule: both see an import where TypeScript does.
const resolver = createTypeScriptImportResolver({ project: 'tsconfig.json' })

/*
 * No import cycles, counting `import type` too. import-x's no-cycle skips type-only imports and
 * has no option to count them, yet a cycle of types still ties modules together: neither can be
 * moved, split or understood alone, and one `type` dropped makes it a cycle at run time. This
 * rule follows every import (static, type-only, re-export, dynamic) of the project's own files,
 * read with TypeScript's import scanner, and reports the import that leads back to the file.
 */
const OWN_SOURCE = /\.(ts|tsx|js|mjs)$/
const importCache = new Map()
const resolveOwn = (specifier, file) => {
  const { found, path: target } = resolver.resolve(specifier, file)
  const own = found && target && OWN_SOURCE.test(target) && !target.includes('node_modules')
  return own ? target : null
}
/** The project files a file imports, read again when the file changes (an editor's session). */
function importsOf(file) {
  let changed
  try {
    changed = statSync(file).mtimeMs
  } catch {
    return []
  }
  const cached = importCache.get(file)
  if (cached?.changed === changed) return cached.imports
  const scanned = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles
  const imports = [...new Set(scanned.map((i) => resolveOwn(i.fileName, file)).filter(Boolean))]
  importCache.set(file, { changed, imports })
  return imports
}
/** The files from `start` that lead back to `file`, or null when none does. */
function routeBack(start, file) {
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of importsOf(at)) {
      if (next === file) {
        const route = []
        for (let step = at; step; step = cameFrom.get(step)) route.unshift(step)
        return route
      }
      if (cameFrom.has(next)) continue
      cameFrom.set(next, at)
      queue.push(next)
    }
  }
  return null
}
const noCycleCountingTypes = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles, type-only imports included.' },
    messages: { cycle: 'Import cycle (type imports count): {{route}}' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename
    const check = (node) => {
      const specifier = node.source?.value
      if (typeof specifier !== 'string') return
      const target = resolveOwn(specifier, file)
      const route = target && target !== file && routeBack(target, file)
      if (!route) return
      const names = [file, ...route, file].map((f) => path.relative(root, f))
      context.report({ node, messageId: 'cycle', data: { route: names.join(' -> ') } })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', '.sandbox', 'test-results', 'playwright-report', '*.tmp.mjs'],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sandbox/**/*.ts', 'scripts/doctor/**/*.ts'],
    // import-x, with its no-cycle replaced by the one above: the rule everyone names
    // (import-x/no-cycle) is the one that counts type imports.
    plugins: {
      'import-x': { ...importX, rules: { ...importX.rules, 'no-cycle': noCycleCountingTypes } },
    },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [resolver],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries, basePath: root }],
    },
  },
  {
    // The model's own tests use the test runner; the model itself stays plain.
    files: ['src/features/events/model/**/*.test.ts', 'src/features/auths/model/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: boundaries.filter(
            (z) =>
              z.target !== './src/features/events/model' &&
              z.target !== './src/features/auths/model',
          ),
          basePath: root,
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  // Dialogs place initial focus with autoFocus, the way the native <dialog> expects.
  { files: ['src/**/*.tsx'], rules: { 'jsx-a11y/no-autofocus': 'off' } },
  { files: ['scripts/**', 'sandbox/index.ts', 'sandbox/bench.ts'], rules: { 'no-console': 'off' } },
)
