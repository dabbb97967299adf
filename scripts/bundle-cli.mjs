#!/usr/bin/env node
// Bundles the built CLI (dist/src/cli/main.js, from tsc) into dist/src/bin/: the `finredact` bin.
// Node 20 loads ES modules one file at a time and has no compile cache for them; the CLI's
// ~250 modules (ours, libphonenumber-js's 93, exceljs's writer and archiver…) took a third of a
// small file's run. Bundled into the entry and lazily loaded chunks, the same run takes 0.2 s
// less (bench/README.md, "The bin bundled"). Formats still load only when a file needs them:
// every dynamic import stays a chunk of its own.
//
// The bin sits at the same depth as dist/src/cli, so the paths the code finds from its own
// location (package.json, models/) are the same bundled or not.
import { build } from 'esbuild';
import { chmod, readFile, rm } from 'node:fs/promises';

const OUT = 'dist/src/bin';

// Left to Node's resolver, each for a reason: native addons (onnxruntime-node, sharp,
// @napi-rs/canvas); packages that load files beside their own (tesseract.js's worker script,
// pdf.js's worker and fonts, BullMQ's Lua scripts, libheif's wasm via __dirname, which an ES
// module bundle does not have).
const EXTERNAL = [
  'onnxruntime-node',
  'sharp',
  '@napi-rs/canvas',
  'tesseract.js',
  'pdfjs-dist',
  'bullmq',
  'ioredis',
  'heic-decode',
  'libheif-js',
];

// Node warns of `new Buffer()` (DEP0005) only when it is called from outside node_modules, which
// a dependency bundled into dist/ is: archiver, under exceljs's workbook writer, would print the
// warning on every run. Its calls become what Node has meant by them since Node 8: a number is a
// zero-filled buffer of that size, anything else `Buffer.from`.
const noDeprecatedBuffer = {
  name: 'no-deprecated-buffer',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!/\bnew Buffer\(/.test(source)) return undefined;
      return {
        // Declared at the end, where it hoists, so a leading 'use strict' stays the directive.
        contents:
          source.replace(/\bnew Buffer\(/g, '__bufferOf(') +
          '\nfunction __bufferOf(a, b, c) { return typeof a === "number" ? Buffer.alloc(a) : Buffer.from(a, b, c); }\n',
        loader: 'js',
      };
    });
  },
};

await rm(OUT, { recursive: true, force: true });
await build({
  entryPoints: { finredact: 'dist/src/cli/main.js' },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  plugins: [noDeprecatedBuffer],
  logLevel: 'warning',
});
// The bin is run directly (node_modules/.bin/finredact, npx), not only through node.
await chmod(`${OUT}/finredact.js`, 0o755);
