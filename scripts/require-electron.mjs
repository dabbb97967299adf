#!/usr/bin/env node
// `npm start` and `npm run dist` need Electron, an optional dependency whose binary is downloaded
// by its own install script; without it tsc fails on electron/ with a wall of type errors, so say
// the one thing that matters instead.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let binary;
try {
  // electron's index.js resolves the downloaded binary's path and throws when it is missing.
  binary = require('electron');
} catch {
  binary = undefined;
}
if (typeof binary !== 'string') {
  console.error(
    'Electron is not installed: run `npm install electron` on a machine that can download its ' +
      'binary (it is an optional dependency), then run this command again.',
  );
  process.exit(1);
}
