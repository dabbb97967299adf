/**
 * Pattern-detection speed: characters per second of the full pattern detector (all five
 * recognizers plus merge) and of each recognizer alone, on documents from the synthetic
 * generator (fixed seed, so runs compare).
 *   npm run bench:detect            (1,000 documents)
 *   npm run bench:detect -- 200     (200 documents)
 * The load average is printed because a background job (model training) skews the figures.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDetector } from '../src/detect/engine.js';
import { clearPhoneStretchCache } from '../src/detect/recognizers/phone.js';
import { PATTERN_RECOGNIZERS } from '../src/detect/registry.js';
import { iterateDocuments } from '../templates/generateDocuments.js';
import { denseLine } from '../templates/noise/denseLine.js';

const count = Number(process.argv[2] ?? 1000);
const ROUNDS = 3;

const texts = [...iterateDocuments({ n: count, seed: 4242 })].map((d) => d.text);
const chars = texts.reduce((sum, t) => sum + t.length, 0);

/**
 * Best of ROUNDS runs: the least disturbed by other processes. The phone recognizer's cache is
 * emptied before each round, so repeated rounds over the same corpus are not flattered by it.
 */
async function bestCharsPerSecond(run: (text: string) => unknown): Promise<number> {
  let best = 0;
  for (let round = 0; round < ROUNDS; round++) {
    clearPhoneStretchCache();
    const started = performance.now();
    for (const t of texts) await run(t);
    const seconds = (performance.now() - started) / 1000;
    best = Math.max(best, chars / seconds);
  }
  return best;
}

const format = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(12);

console.log(
  `pattern detection on ${count} generated documents, ${chars.toLocaleString('en-US')} characters`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; best of ${ROUNDS} rounds`,
);
const detector = await createDetector({ ner: false });
console.log(
  `${'detector (all + merge)'.padEnd(24)}${format(await bestCharsPerSecond((t) => detector.detect(t)))} chars/s`,
);
for (const recognizer of PATTERN_RECOGNIZERS) {
  const speed = await bestCharsPerSecond((t) => recognizer.analyze(t));
  console.log(`${recognizer.name.padEnd(24)}${format(speed)} chars/s`);
}

// Long lines (issue 39): time should grow with the text, not with the square of the line.
// The same words one to a line are the yardstick; `redact` on the 2 MB line adds the writers.
console.log('\none long line of e-mails and phones among filler words (templates/noise/denseLine)');
for (const size of [100_000, 400_000, 2_000_000]) {
  const timeOf = async (text: string) => {
    clearPhoneStretchCache();
    const started = performance.now();
    await detector.detect(text);
    return (performance.now() - started) / 1000;
  };
  const oneLine = await timeOf(denseLine(size).text);
  const shortLines = await timeOf(denseLine(size, 7, '\n').text);
  console.log(
    `${`${(size / 1e6).toFixed(1)} MB`.padEnd(10)}one line ${oneLine.toFixed(2).padStart(6)} s   one word a line ${shortLines.toFixed(2).padStart(6)} s`,
  );
}
