// Lint rules that keep the architecture honest: SQL only in repo.ts/db, env only in env.ts.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const sqlModules = ['kysely', 'pg', 'node:sqlite']
const importMetaEnv = { selector: "MemberExpression[object.type='MetaProperty'][property.name='env']", message: 'Read import.meta.env in env.ts only.' }
// The web app's answers come from the contract (apps/web/src/api/schema.d.ts, docs/api-contract.md).
const contractMessage = 'API answers are typed from the contract (npm run api:types, docs/api-contract.md): no hand-written answer type at a call site.'
const apiCall = "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(get|post|put|patch|delete|request)$/]"
const handWrittenAnswers = [
  { selector: `${apiCall}[callee.object.name=/^(api|client)$/][typeArguments]`, message: contractMessage },
  { selector: `TSAsExpression > AwaitExpression > ${apiCall}[callee.object.name='api']`, message: contractMessage },
  { selector: `TSAsExpression > ${apiCall}[callee.object.name='api']`, message: contractMessage },
]

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'e2e/artifacts/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', sessionStorage: 'readonly', navigator: 'readonly' } },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/repo.ts', 'apps/server/src/db/**', '**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: sqlModules.map((name) => ({ name, message: 'SQL lives in repo.ts files and db/ only.', allowTypeImports: true })) },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/*/src/env.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in env.ts only.' }],
      'no-restricted-syntax': ['error', importMetaEnv],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/env.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', importMetaEnv, ...handWrittenAnswers] },
  },
)
