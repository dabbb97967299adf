/**
 * NER speed on this machine: seconds to load the model (session creation, vocab, config) and
 * tokens per second of inference (tokenise + windows + ONNX + decode) with 2 intra-op threads.
 * Text: the synthetic documents of the tokenizer parity fixture, repeated to ~100k tokens.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createNerRecognizer } from '../src/detect/ner/nerRecognizer.js';
import { cpuSummary } from './cpuSummary.js';
import { sharedNerModel } from '../src/detect/ner/nerModel.js';

const root = join(import.meta.dirname, '..');
const modelDir = process.env['FINREDACT_NER_MODEL_DIR'] ?? join(root, 'models/pii-ner');
const fixture = JSON.parse(
  readFileSync(join(root, 'test/fixtures/tokenizer-parity.json'), 'utf8'),
) as {
  cases: { text: string; ids: number[] }[];
};
const docs = fixture.cases.filter((c) => c.ids.length > 100);

const t0 = performance.now();
const ner = await createNerRecognizer({ modelDir, threads: 2 });
const loadSeconds = (performance.now() - t0) / 1000;
const model = await sharedNerModel(modelDir);

// Warm-up: the first runs allocate onnxruntime's buffers.
for (const d of docs.slice(0, 3)) await ner.analyze(d.text);

let tokens = 0;
let chars = 0;
let spans = 0;
const t1 = performance.now();
while (tokens < 100_000) {
  for (const d of docs) {
    tokens += model.tokenize(d.text).ids.length;
    chars += d.text.length;
    spans += (await ner.analyze(d.text)).length;
  }
}
const seconds = (performance.now() - t1) / 1000;
await ner.close();

console.log(`CPU: ${cpuSummary()}`);
console.log(`NER model load: ${loadSeconds.toFixed(2)} s`);
console.log(
  `NER inference: ${tokens} tokens in ${seconds.toFixed(2)} s = ${Math.round(tokens / seconds)} tokens/s, ` +
    `${Math.round(chars / seconds)} chars/s (2 threads, ${docs.length} documents repeated, ${spans} spans)`,
);
