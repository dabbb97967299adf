/**
 * Times generating 50,000 documents (render, validate, noise, serialise to JSONL) in one process.
 * Target from issue 3: under 2 minutes on the 2-core development machine.
 *   npm run bench:synth            (50,000 documents)
 *   npm run bench:synth -- 5000    (a quicker run)
 */
import { loadavg } from 'node:os';
import { iterateDocuments, toJsonLine } from '../templates/index.js';

const n = Number(process.argv[2] ?? 50_000);
const started = process.hrtime.bigint();
const cpuStart = process.cpuUsage();
let chars = 0;
let spans = 0;
for (const doc of iterateDocuments({ n, seed: 2024 })) {
  chars += toJsonLine(doc).length;
  spans += doc.spans.length;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
// CPU time is reported too: on a shared, loaded machine wall time includes waiting for a core.
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const verdict = seconds < 120 ? 'OK (< 120 s)' : 'TOO SLOW (target < 120 s)';
console.log(
  `synth: ${n} documents, ${spans} spans, ${(chars / 1e6).toFixed(1)} MB JSONL in ${seconds.toFixed(1)} s`,
);
console.log(
  `synth: CPU time ${cpuSeconds.toFixed(1)} s (load average ${loadavg()[0]?.toFixed(1) ?? '?'})`,
);
console.log(
  `synth: ${(n / seconds).toFixed(0)} documents/s, ${((seconds * 1000) / n).toFixed(2)} ms/document — ${verdict}`,
);
