/**
 * Where detection time goes (`npm run bench:stages`): each stage of `finredact redact` timed on
 * its own over the same generated documents — tokenise, the model (window building + onnxruntime),
 * BIO decoding, the pattern recognizers, merge, and writing the outputs — plus the model's time
 * per window and per token at each window length it actually ran. The figures behind
 * bench/README.md's profile.
 *   npm run bench:stages            (300 generated documents, seed 4242: bench:presidio's texts)
 *   npm run bench:stages -- 100
 * The CPU and its vector extensions are printed: int8 kernels differ between AVX2 and VNNI.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDetector } from '../src/detect/engine.js';
import { cpuSummary } from './cpuSummary.js';
import { decodeSpans } from '../src/detect/ner/decodeSpans.js';
import { sharedNerModel } from '../src/detect/ner/nerModel.js';
import { windowStarts } from '../src/detect/ner/windowPlan.js';
import { PATTERN_RECOGNIZERS } from '../src/detect/registry.js';
import { plainSpans, resolveDetections } from '../src/merge/resolveDetections.js';
import { DEFAULT_REDACT_OPTIONS } from '../src/pipeline/redactOptions.js';
import { runBatch } from '../src/pipeline/runBatch.js';
import { iterateDocuments } from '../templates/generateDocuments.js';

const count = Number(process.argv[2] ?? 300);
const texts = [...iterateDocuments({ n: count, seed: 4242 })].map((d) => d.text);
const chars = texts.reduce((sum, t) => sum + t.length, 0);
const modelDir = join(import.meta.dirname, '..', 'models', 'pii-ner');

function ms(seconds: number): string {
  return `${(seconds * 1000).toFixed(0).padStart(7)} ms`;
}

async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

console.log(
  `CPU: ${cpuSummary()}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${count} generated documents, ${chars.toLocaleString('en-US')} characters\n`);

const model = await sharedNerModel(modelDir);
const { config } = model;
// Warm-up: onnxruntime allocates its buffers on the first runs.
for (const text of texts.slice(0, 5)) await model.probabilities(model.tokenize(text));

const [tokenized, tokeniseSeconds] = await timed(() => texts.map((t) => model.tokenize(t)));
const tokenCount = tokenized.reduce((n, t) => n + t.ids.length, 0);

// The model, one document at a time as the detector runs it, with each window's length noted.
const perLength = new Map<number, { windows: number; seconds: number }>();
let windowCount = 0;
let modelTokens = 0;
const [probabilities, modelSeconds] = await timed(async () => {
  const out: Float64Array[] = [];
  for (const tokens of tokenized) {
    const starts = windowStarts(tokens.ids.length, config.window, config.stride);
    windowCount += starts.length;
    for (const s of starts) modelTokens += Math.min(s + config.window, tokens.ids.length) - s;
    const started = performance.now();
    out.push(await model.probabilities(tokens));
    // Documents of one window: their time is that window's (the common case here).
    if (starts.length === 1) {
      const bucket = Math.ceil(tokens.ids.length / 64) * 64;
      const entry = perLength.get(bucket) ?? { windows: 0, seconds: 0 };
      entry.windows++;
      entry.seconds += (performance.now() - started) / 1000;
      perLength.set(bucket, entry);
    }
  }
  return out;
});

const [, decodeSeconds] = await timed(() =>
  texts.map((text, i) =>
    decodeSpans(text, tokenized[i]!, probabilities[i]!, config, config.threshold),
  ),
);

const [, patternSeconds] = await timed(() =>
  Promise.all(texts.map((t) => Promise.all(PATTERN_RECOGNIZERS.map((r) => r.analyze(t))))),
);

const detector = await createDetector({ ner: true });
const candidates = await Promise.all(texts.map((t) => detector.candidates(t)));
const [, mergeSeconds] = await timed(() =>
  texts.map((t, i) => plainSpans(resolveDetections(t, candidates[i]!, detector.policy))),
);
const [, detectSeconds] = await timed(async () => {
  for (const t of texts) await detector.detect(t);
});

// Writing: the same texts as .txt files through runBatch with patterns only, minus its detection.
const dir = await mkdtemp(join(tmpdir(), 'finredact-stages-'));
try {
  const files = texts.map((_, i) => join(dir, 'in', `doc-${i}.txt`));
  await mkdir(join(dir, 'in'), { recursive: true });
  await Promise.all(files.map((f, i) => writeFile(f, texts[i]!)));
  const [, batchSeconds] = await timed(() =>
    runBatch(files, join(dir, 'out'), {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      concurrency: 1,
      formats: ['xlsx', 'txt', 'json'],
    }),
  );
  const patternDetector = await createDetector({ ner: false });
  const [, patternDetectSeconds] = await timed(async () => {
    for (const t of texts) await patternDetector.detect(t);
  });
  const writeSeconds = Math.max(0, batchSeconds - patternDetectSeconds);

  const nerTotal = tokeniseSeconds + modelSeconds + decodeSeconds;
  const stages: [string, number][] = [
    ['tokenise (WordPiece + shapes)', tokeniseSeconds],
    ['model (windows + onnxruntime)', modelSeconds],
    ['decode (BIO → spans)', decodeSeconds],
    ['patterns (all recognizers)', patternSeconds],
    ['merge (resolve + plain spans)', mergeSeconds],
    ['read + write (txt → xlsx, txt, json)', writeSeconds],
  ];
  const total = stages.reduce((n, [, s]) => n + s, 0);
  console.log('stage                                      time    share   chars/s');
  for (const [name, seconds] of stages)
    console.log(
      `${name.padEnd(38)}${ms(seconds)}  ${((100 * seconds) / total).toFixed(1).padStart(5)}%  ${Math.round(
        chars / seconds,
      )
        .toLocaleString('en-US')
        .padStart(9)}`,
    );
  console.log(
    `\ndetector as run (patterns + model + merge): ${ms(detectSeconds)} = ${Math.round(chars / detectSeconds).toLocaleString('en-US')} chars/s` +
      ` (sum of its stages ${ms(nerTotal + patternSeconds + mergeSeconds)})`,
  );
  console.log(
    `model input: ${tokenCount.toLocaleString('en-US')} text tokens, ${modelTokens.toLocaleString('en-US')} window tokens ` +
      `(${(modelTokens / tokenCount).toFixed(2)} per text token), ${windowCount} windows of ≤ ${config.window}; ` +
      `${Math.round(tokenCount / modelSeconds).toLocaleString('en-US')} text tokens/s, ${(chars / tokenCount).toFixed(2)} chars/token`,
  );
  console.log('\nmodel time per window, documents of one window, by length (tokens):');
  for (const [bucket, { windows, seconds }] of [...perLength].sort((a, b) => a[0] - b[0]))
    console.log(
      `  ${String(bucket - 63).padStart(3)}–${String(bucket).padEnd(4)} ${String(windows).padStart(5)} windows  ${((1000 * seconds) / windows).toFixed(1).padStart(6)} ms/window`,
    );
  await patternDetector.close?.();
} finally {
  await detector.close?.();
  await rm(dir, { recursive: true, force: true });
}
