import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

/**
 * The architecture as one allow-list (boundaries.json): a folder may import from itself and from
 * the folders listed for it, nothing else. It is the table in ARCHITECTURE.md (a test checks
 * that they agree). Keys are matched longest first, so `src/extract` holds for every file below.
 */
const MAY_IMPORT = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'boundaries.json'), 'utf8'),
);

const root = import.meta.dirname;
const owners = Object.keys(MAY_IMPORT).sort((a, b) => b.length - a.length);
const ownerOf = (relative) =>
  owners.find((o) => relative === o || relative.startsWith(`${o}/`)) ?? null;

/** Checks every relative import (static, dynamic, re-export) of a file against MAY_IMPORT. */
const allowedImports = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = ownerOf(path.relative(root, context.filename).split(path.sep).join('/'));
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      const to = ownerOf(target) ?? ownerOf(target.replace(/\.js$/, '.ts'));
      if (!to || to === from || MAY_IMPORT[from].includes(to)) return;
      context.report({
        node,
        message: `${from} may not import ${to} (ARCHITECTURE.md: ${from} may import ${MAY_IMPORT[from].join(', ') || 'nothing'}).`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.value),
    };
  },
};

// src/ never reaches into the UI, Electron or the generator by package name either.
const srcNeverImports = {
  group: ['electron', 'react', 'react-dom', '**/renderer/**', '**/electron/**', '**/templates/**'],
  message: 'src/ never reaches into the UI, Electron or the generator.',
};

/** src/domain is read by the renderer too, in a browser: nothing of Node's. */
const domainNeverImports = {
  group: ['node:*', ...builtinModules],
  message: 'src/domain is browser-safe: the renderer imports it. Keep Node to the stages.',
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
    // The import direction is the architecture (MAY_IMPORT above), for every folder.
    files: ['src/**/*.ts', 'electron/**/*.{ts,cts}', 'renderer/src/**/*.{ts,tsx}'],
    plugins: { finredact: { rules: { 'allowed-imports': allowedImports } } },
    rules: { 'finredact/allowed-imports': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [srcNeverImports] }] },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [srcNeverImports, domainNeverImports] }],
    },
  },
  {
    // renderer/ is browser code in a sandboxed page: never Node or Electron.
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
          ],
        },
      ],
    },
  },
  {
    // electron/ is the main process and preload: never the renderer's code.
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
