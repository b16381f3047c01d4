import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // hooks/vendor: third-party code bundled by core/scripts/vendor-secret-rules.ts, not written here.
  { ignores: ['**/dist/**', '**/node_modules/**', '.knower/**', 'vault/**', 'artifacts/**', 'apps/web/test-results/**', 'integrations/claude-code/hooks/vendor/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: each file is checked with the tsconfig that compiles it.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its rejection: an unhandled error, or a write the caller
      // believes done. Fire-and-forget must say so with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.object.name='vi'][callee.property.name='mock']", message: 'Inject a fake instead of mocking a module.' }],
    },
  },
  {
    // A run changes the vault only through the writer it is handed, so every change is journaled.
    files: ['core/src/agents/**/*.ts', 'core/src/activity/failed-item-cleanup.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'node:fs/promises',
              importNames: ['writeFile', 'appendFile', 'unlink', 'rm', 'rename', 'link', 'copyFile', 'cp', 'truncate', 'open'],
              message: "Change the vault through the run's writer (session.writer).",
            },
            { name: 'node:fs', message: "Use node:fs/promises to read; change the vault through the run's writer." },
          ],
          patterns: [
            {
              group: ['**/vault/index.js'],
              importNames: ['writeFileAtomic', 'removeFile', 'removeTree', 'linkFile', 'renameTree', 'copyInto', 'directWriter'],
              message: "Change the vault through the run's writer (session.writer), so the change is journaled.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // The Claude Code plugin's hooks run on the Node that Claude Code users have: 18 and up.
    files: ['integrations/claude-code/**/*.mjs'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
);
