// Lint rules that keep the architecture honest: SQL only in repo.ts/db, env only in env.ts.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
// The maintained fork of eslint-plugin-jsx-a11y that supports ESLint 10 (the original stops at 9).
import jsxA11y from 'eslint-plugin-jsx-a11y-x'

const sqlModules = ['kysely', 'pg', 'node:sqlite']
const importMetaEnv = { selector: "MemberExpression[object.type='MetaProperty'][property.name='env']", message: 'Read import.meta.env in env.ts only.' }
// The web app's answers come from the contract (apps/web/src/api/schema.d.ts, docs/api-contract.md).
const contractMessage = 'API answers are typed from the contract (npm run api:types, docs/api-contract.md): no hand-written answer type at a call site.'
const apiCall = "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(get|post|put|patch|delete|request)$/]"
// The web app's layers, bottom up (docs/offline-first.md "Layers"): lib/ and the stores' entities
// → sync/ (writes into the stores) → the store contract (store/index.ts, hooks.ts, actions/) → modules/ and app/.
const above = (names, message) => ['error', { patterns: [{ group: names, message }] }]
const storeContract = ['**/store/index.ts', '**/store/hooks.ts', '**/store/actions/*']
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
    // Accessibility of the web app's markup (docs/operations.md "Accessibility").
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // Focus moves into a dialog when it opens (the WAI-ARIA dialog pattern) and onto the one
      // field of a page made for it (sign-in, quick add): autoFocus is how those do it.
      'jsx-a11y-x/no-autofocus': 'off',
      // Switch is a Radix switch (a <button>): a <label> around it labels it.
      'jsx-a11y-x/label-has-associated-control': ['error', { controlComponents: ['Switch'], depth: 3 }],
    },
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
  {
    files: ['apps/web/src/store/entities/**', 'apps/web/src/store/{types,timeline,network,session,ui,history}.ts', 'apps/web/src/lib/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': above(['**/sync/*', ...storeContract, '{.,..}/{index,hooks}.ts', '{.,..}/actions/*', '**/modules/*', '**/app/*'], 'The bottom layer (stores, lib) imports nothing above it: sync writes into the stores, the stores never start sync (docs/offline-first.md "Layers").') },
  },
  {
    files: ['apps/web/src/sync/**', 'apps/web/src/db/**', 'apps/web/src/api/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-imports': above([...storeContract, '**/modules/*', '**/app/*'], 'sync/ sits below the store contract and the UI: import store entities (store/entities/*), not store/index.ts, hooks or actions (docs/offline-first.md "Layers").') },
  },
)
