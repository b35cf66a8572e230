import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'node_modules/', '.tmp/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; shared code lives in web/components, web/lib or shared/.
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../server/*', '../../../server/*'], message: 'The browser never imports server code.' }] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/*'], message: 'The server never imports browser code.' }] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from server/config.ts.' }],
    },
  },
  {
    // Plain JavaScript run by node (the start launcher, the server build, the PDF worker).
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', performance: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['server/config.ts', 'server/cli/**', 'scripts/**', 'tests/**', 'bench/**', 'vite.config.ts', 'vitest.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
