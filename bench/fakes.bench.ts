/**
 * Fakes that look real (issue: placeholder modes): the generator's documents anonymised in
 * `fake` mode and detected again. Prints, per type, how many fakes the detector finds again
 * where the originals were, and every original still readable (there should be none).
 *   npm run bench:fakes                 (the synth test split in data/eval/test.jsonl, or 300 new documents)
 *   npm run bench:fakes -- --no-ner     (patterns only)
 */
import { existsSync, readFileSync } from 'node:fs';
import { createDetector } from '../src/detect/engine.js';
import { fakeRedetection } from '../src/eval/fakeRedetection.js';
import { iterateDocuments } from '../templates/generateDocuments.js';

const TEST_SET = 'data/eval/test.jsonl';
const ner = !process.argv.includes('--no-ner');
const texts = existsSync(TEST_SET)
  ? readFileSync(TEST_SET, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { text: string }).text)
  : [...iterateDocuments({ n: 300, seed: 11 })].map((d) => d.text);
const detector = await createDetector({ ner });
const report = await fakeRedetection(texts, detector);
await detector.close?.();
console.log(
  `${existsSync(TEST_SET) ? TEST_SET : '300 generated documents'}: ${report.documents} documents, detection ${ner ? 'patterns + NER' : 'patterns only'}`,
);
console.log('type          fakes  found again');
for (const [type, c] of Object.entries(report.perType).sort()) {
  console.log(
    `${type.padEnd(12)} ${String(c.fakes).padStart(6)}  ${((100 * c.foundAgain) / c.fakes).toFixed(1).padStart(6)}%`,
  );
}
console.log(
  `all          ${String(report.fakes).padStart(6)}  ${((100 * report.foundAgain) / report.fakes).toFixed(1).padStart(6)}%`,
);
console.log(
  `originals still readable: ${report.originalsReadable.length}${report.originalsReadable.length ? ` (${report.originalsReadable.slice(0, 10).join(', ')})` : ''}`,
);
