#!/usr/bin/env node
// `npm run bench` runs every `bench:*` script in package.json in turn, so each stage keeps its
// own benchmark and a new one is picked up without editing this file.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts ?? {};
const only = process.argv.slice(2);
const names = Object.keys(scripts)
  .filter((n) => n.startsWith('bench:'))
  .filter((n) => only.length === 0 || only.some((o) => n === `bench:${o}` || n === o));
let failed = 0;
for (const name of names) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
if (names.length === 0) console.log('no bench:* scripts match');
process.exit(failed > 0 ? 1 : 0);
