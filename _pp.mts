import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { bankNameRecognizer } from './src/detect/recognizers/bankNames.ts';
import { extractDocument } from './src/extract/extractDocument.ts';
const texts: [string, string, any[]][] = [];
for (const f of ['data/eval/test.jsonl', 'data/eval/dev.jsonl', 'data/eval/train.jsonl'])
  readFileSync(f, 'utf8').split('\n').filter(Boolean).forEach((l, i) => { const d = JSON.parse(l); texts.push([`${f}:${i}`, d.text, d.spans]); });
JSON.parse(readFileSync('../shared/datasets/presidio-synth-v2/synth_dataset_v2.json', 'utf8')).forEach((x: any, i: number) => texts.push([`presidio:${i}`, x.full_text, []]));
readFileSync('/tmp/W4/detections.jsonl', 'utf8').split('\n').filter(Boolean).forEach((l) => { const r = JSON.parse(l); if (r.text) texts.push([`wild:${r.file}`, r.text, []]); });
for (const d of ['real-dev', 'real-dev2']) for (const f of readdirSync(`../shared/datasets/${d}/docs`)) {
  try { texts.push([`${d}:${f}`, (await extractDocument(`../shared/datasets/${d}/docs/${f}`, { ocr: 'never' })).text, []]); } catch {}
}
for (const f of readdirSync('samples')) { try { texts.push([`samples:${f}`, (await extractDocument(`samples/${f}`, { ocr: 'never' })).text, []]); } catch {} }
const out: Record<string, string[]> = {};
let gold = 0, goldHit = 0;
for (const [k, t, spans] of texts) {
  const found = await bankNameRecognizer.analyze(t);
  out[k] = found.map((s: any) => `${s.start}:${t.slice(s.start, s.end)}`);
  for (const s of found) { if (spans.some((g: any) => g.type === 'COMPANY' && g.start <= s.start && g.end >= s.end)) goldHit++; }
  gold += found.length;
}
writeFileSync(process.argv[2]!, JSON.stringify(out));
console.log('texts', texts.length, 'bank names', gold, 'inside a gold COMPANY (eval)', goldHit);
