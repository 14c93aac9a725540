import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import fs from 'node:fs'
import jsxA11y from 'eslint-plugin-jsx-a11y'

// The one-way direction (ADR 027): routes → modules → lib, components, db/schema. A module is used only
// through its faces (`~/modules/<m>` for the browser, `~/modules/<m>/index.server` for the server);
// inside a module its files import each other freely. A violation fails `npm run lint`
// (tests/lint/boundaries.test.ts proves it on fixtures).
const MODULES = fs.readdirSync(new URL('./app/modules/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
const FACE_MESSAGE = 'Import another module through its face: ~/modules/<m> (browser) or ~/modules/<m>/index.server (ADR 027).'
const UPWARD_MESSAGE = 'lib, components and db/schema never import a module: the direction is routes → modules → lib/components/db (ADR 027).'
const deepImport = (own) => ({ regex: `^~/modules/${own ? `(?!${own}/)` : ''}[^/]+/(?!index\\.server$).+`, message: FACE_MESSAGE })
const boundaries = [
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/modules/**', 'app/lib/**', 'app/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepImport(null), { regex: '^\\.{1,2}/(?:\\.\\./)*modules/', message: FACE_MESSAGE }] }] },
  },
  ...MODULES.map((m) => ({
    files: [`app/modules/${m}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [deepImport(m), { regex: `^(?:\\.\\./)+(?:${MODULES.filter((o) => o !== m).join('|')})/`, message: FACE_MESSAGE }] },
      ],
    },
  })),
  {
    files: ['app/lib/**/*.{ts,tsx}', 'app/components/**/*.{ts,tsx}', 'db/schema/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^~/modules(?:/|$)', message: UPWARD_MESSAGE }, { regex: '^\\.{1,2}/(?:[^/]+/)*modules(?:/|$)', message: UPWARD_MESSAGE }] }] },
  },
]

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Radio and checkbox cards nest their text in spans for layout, deeper than the default 2 levels.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  ...boundaries,
)
