import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import tseslint from 'typescript-eslint'

// Imports flow one way: api, lib, components -> features -> app. A feature never imports
// another feature. The sandbox imports the contract (src/api/schemas) and nothing else of src/.
const features = ['session', 'events', 'auths', 'admin', 'reference']
const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: patterns,
          message: 'Imports flow api/lib/components -> features -> app (see conventions.md).',
        },
      ],
    },
  ],
})

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.sandbox', 'test-results', 'playwright-report', '*.tmp.mjs'] },
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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  // Dialogs place initial focus with autoFocus, the way the native <dialog> expects.
  { files: ['src/**/*.tsx'], rules: { 'jsx-a11y/no-autofocus': 'off' } },
  {
    files: ['src/api/**', 'src/lib/**', 'src/components/**'],
    rules: restrict(['@/features/*', '@/app/*', '../**/features/*', '../**/app/*']),
  },
  ...features.map((name) => ({
    files: [`src/features/${name}/**`],
    rules: restrict(['@/app/*', '@/features/*', `!@/features/${name}`, '../../*', '../../../*']),
  })),
  // Tests may start the real sandbox (conventions: no hand-written mocks of the service).
  {
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: restrict(['@/app/*', '**/app/*']),
  },
  {
    files: ['sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/|(^|/)src/(?!api/schemas/)',
              message:
                'The sandbox imports the contract (src/api/schemas) and nothing else of src/.',
            },
          ],
        },
      ],
    },
  },
  { files: ['scripts/**', 'sandbox/index.ts', 'sandbox/bench.ts'], rules: { 'no-console': 'off' } },
)
