import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.knower/**', 'vault/**', 'artifacts/**', 'apps/web/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='vi'][callee.property.name='mock']", message: 'Inject a fake instead of mocking a module.' },
      ],
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
              message: 'Change the vault through the run\'s writer (session.writer).',
            },
            { name: 'node:fs', message: 'Use node:fs/promises to read; change the vault through the run\'s writer.' },
          ],
          patterns: [
            {
              group: ['**/vault/index.js'],
              importNames: ['writeFileAtomic', 'removeFile', 'removeTree', 'linkFile', 'renameTree', 'copyInto', 'directWriter'],
              message: 'Change the vault through the run\'s writer (session.writer), so the change is journaled.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
