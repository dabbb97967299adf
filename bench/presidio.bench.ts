/**
 * FinRedact against Microsoft Presidio on the same machine and the same texts: seconds to load
 * and characters per second of detection, FinRedact's full detector (patterns + NER, as
 * `finredact redact` runs it) against Presidio's analyzer (bench/presidio/analyze.py).
 * Presidio needs Python; set it up once with
 *   python3 -m venv bench/presidio/.venv && bench/presidio/.venv/bin/pip install -r bench/presidio/requirements.txt
 * Without it the Presidio half is skipped with that message.
 *   npm run bench:presidio            (300 generated documents)
 *   npm run bench:presidio -- 100
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDetector } from '../src/detect/engine.js';
import { cpuSummary } from './cpuSummary.js';
import { iterateDocuments } from '../templates/generateDocuments.js';

const count = Number(process.argv[2] ?? 300);
const texts = [...iterateDocuments({ n: count, seed: 4242 })].map((d) => d.text);
const chars = texts.reduce((sum, t) => sum + t.length, 0);
const python = join(import.meta.dirname, 'presidio/.venv/bin/python');

const rate = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(9);
const row = (name: string, load: number, seconds: number, found: number): void =>
  console.log(
    `${name.padEnd(26)}${load.toFixed(2).padStart(7)} s${rate(chars / seconds)} chars/s${String(found).padStart(8)} spans`,
  );

console.log(
  `${count} generated documents, ${chars.toLocaleString('en-US')} characters; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`CPU: ${cpuSummary()}`);
console.log(`${''.padEnd(26)}${'load'.padStart(9)}${'speed'.padStart(15)}`);

const t0 = performance.now();
const detector = await createDetector({ ner: true });
const load = (performance.now() - t0) / 1000;
await detector.detect(texts[0] ?? '');
const t1 = performance.now();
let found = 0;
for (const t of texts) found += (await detector.detect(t)).length;
const finredactSeconds = (performance.now() - t1) / 1000;
await detector.close?.();
row('FinRedact (patterns+NER)', load, finredactSeconds, found);

if (!existsSync(python)) {
  console.log(
    'Presidio: skipped, bench/presidio/.venv is missing. Set it up with\n' +
      '  python3 -m venv bench/presidio/.venv && bench/presidio/.venv/bin/pip install -r bench/presidio/requirements.txt',
  );
} else {
  const dir = mkdtempSync(join(tmpdir(), 'finredact-presidio-'));
  try {
    const corpus = join(dir, 'texts.json');
    writeFileSync(corpus, JSON.stringify(texts));
    const r = spawnSync(python, [join(import.meta.dirname, 'presidio/analyze.py'), corpus], {
      encoding: 'utf8',
      env: { ...process.env, OMP_NUM_THREADS: '2' },
      timeout: 30 * 60_000,
    });
    if (r.status !== 0)
      throw new Error(
        `presidio/analyze.py failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stderr}`,
      );
    const p = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as {
      load: number;
      seconds: number;
      entities: number;
    };
    row('Presidio (spaCy sm)', p.load, p.seconds, p.entities);
    console.log(`FinRedact is ${(p.seconds / finredactSeconds).toFixed(1)}x Presidio's speed`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
