import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// A file's no-restricted-imports setting replaces, not extends, a broader one, so the stage rules
// below repeat this group by reference.
const srcNeverImports = {
  group: ['electron', 'react', 'react-dom', '**/renderer/**', '**/electron/**', '**/templates/**'],
  message: 'src/ never reaches into the UI, Electron or the generator.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'out/**',
      'data/**',
      'release/**',
      'models/**',
      'coverage/**',
      '**/.venv/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The import direction is the architecture: src/ never reaches into the UI or Electron.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [srcNeverImports],
        },
      ],
    },
  },
  {
    // Data flows one way: extraction knows nothing of the later stages or the orchestrator.
    files: ['src/extract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            srcNeverImports,
            {
              group: [
                '**/detect/**',
                '**/merge/**',
                '**/anonymise/**',
                '**/write/**',
                '**/pipeline/**',
                '**/cli/**',
                '**/bridge/**',
              ],
              message: 'src/extract is the first stage: it may use src/domain and src/shared only.',
            },
          ],
        },
      ],
    },
  },
  {
    // renderer/ is browser code in a sandboxed page: it knows the api interface and the pure
    // domain modules (types, placeholders, anonymise), never Node, Electron or the pipeline.
    files: ['renderer/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', '**/electron/**'],
              message: 'The renderer talks to the backend only through its api.',
            },
            {
              regex: '(^|/)src/(?!api/|domain/|anonymise/)',
              message: 'The renderer may use src/api, src/domain and src/anonymise only.',
            },
          ],
        },
      ],
    },
  },
  {
    // electron/ is the main process and preload: it may use src/, never the renderer's code.
    files: ['electron/**/*.{ts,cts}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/renderer/**', 'react', 'react-dom'] }],
    },
  },
  {
    // Templates write documents with the tagged template `d.add\`…\``, called for its effect.
    files: ['templates/**/*.ts', 'test/templates/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }],
    },
  },
  {
    // Plain Node scripts (test and bench runners) run outside TypeScript.
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
