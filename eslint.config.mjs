import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ['.next/**', 'node_modules/**', '.data/**', 'test-results/**', 'next-env.d.ts', 'lib/http/route-manifest.ts', 'lib/http/route-patterns.ts'],
  },
  {
    // Tests read untyped JSON response bodies; `any` there is the honest type.
    files: ['tests/**/*.ts', 'tests/**/*.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One import style: every module of the service is imported by its `@/` path.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.{1,2}(/|$)', message: "Import by the '@/' path, not a relative one." }] }],
    },
  },
  {
    // The published client package is built on its own, without the service's path alias.
    files: ['packages/client/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
];

export default config;
