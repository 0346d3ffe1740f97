// @ts-check
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';
import kindred from './eslint-rules/layering.ts';

/**
 * Lint finds mistakes; layout is Prettier's job, so no stylistic rules here. Type-aware rules
 * are left out: `astro check` already runs the type checker over everything.
 */
export default tseslint.config(
  {
    // Built, generated or downloaded: not ours to lint.
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      '.data/',
      'test-results/',
      'playwright-report/',
      'schemas/',
      'public/themes/',
      'themes/*/dist/',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    files: ['**/*.astro'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.astro'] },
    },
  },
  {
    rules: {
      // The same convention as TypeScript's noUnused* checks: a leading underscore means "unused on purpose".
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // ../shared/ARCHITECTURE.md rules 1, 2, 9 and 11: see eslint-rules/layering.ts and
    // eslint-rules/no-cycle.ts (import cycles, type imports included).
    files: ['src/**/*.{ts,tsx,astro}'],
    plugins: { kindred },
    rules: { 'kindred/layering': 'error', 'kindred/no-cycle': 'error' },
  },
  {
    // Kysely's documented pattern: a migration is written against the schema of its day, not the
    // current table types, so it takes Kysely<any>.
    files: ['src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
