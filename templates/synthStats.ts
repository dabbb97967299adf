import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GoldDocument, Split } from './core/goldDocument.js';

export interface SplitDocument extends GoldDocument {
  readonly split: Split;
}

export interface SynthStats {
  readonly documents: number;
  readonly perSplit: Record<string, number>;
  readonly templatesPerSplit: Record<string, number>;
  readonly perType: Record<string, number>;
  readonly perFamily: Record<string, number>;
  readonly perLocale: Record<string, number>;
  readonly meanChars: number;
  readonly meanSpans: number;
  readonly duplicateShare: number;
  /** Templates that occur in more than one split (must be empty). */
  readonly leakedTemplates: string[];
}

export async function readSplitFiles(dir: string): Promise<SplitDocument[]> {
  const docs: SplitDocument[] = [];
  for (const split of ['train', 'dev', 'test'] as const) {
    let raw: string;
    try {
      raw = await readFile(join(dir, `${split}.jsonl`), 'utf8');
    } catch {
      throw new Error(
        `${join(dir, `${split}.jsonl`)} not found; generate it with npm run synth -- --n 1000 --out ${dir}`,
      );
    }
    for (const line of raw.split('\n')) {
      if (line.trim()) docs.push({ ...(JSON.parse(line) as GoldDocument), split });
    }
  }
  return docs;
}

const bump = (m: Record<string, number>, k: string, by = 1): void => {
  m[k] = (m[k] ?? 0) + by;
};

export function computeStats(docs: readonly SplitDocument[]): SynthStats {
  const perSplit: Record<string, number> = {};
  const perType: Record<string, number> = {};
  const perFamily: Record<string, number> = {};
  const perLocale: Record<string, number> = {};
  const templateSplits = new Map<string, Set<string>>();
  const texts = new Set<string>();
  let chars = 0;
  let spans = 0;
  for (const d of docs) {
    bump(perSplit, d.split);
    bump(perFamily, d.family);
    bump(perLocale, d.locale);
    for (const s of d.spans) bump(perType, s.type);
    spans += d.spans.length;
    chars += d.text.length;
    texts.add(d.text);
    templateSplits.set(d.template, (templateSplits.get(d.template) ?? new Set()).add(d.split));
  }
  const templatesPerSplit: Record<string, number> = {};
  for (const splits of templateSplits.values()) for (const s of splits) bump(templatesPerSplit, s);
  const n = Math.max(1, docs.length);
  return {
    documents: docs.length,
    perSplit,
    templatesPerSplit,
    perType,
    perFamily,
    perLocale,
    meanChars: chars / n,
    meanSpans: spans / n,
    duplicateShare: docs.length === 0 ? 0 : (docs.length - texts.size) / docs.length,
    leakedTemplates: [...templateSplits].filter(([, s]) => s.size > 1).map(([t]) => t),
  };
}

function table(title: string, m: Record<string, number>, total: number): string {
  const rows = Object.entries(m).sort((a, b) => b[1] - a[1]);
  const w = Math.max(...rows.map(([k]) => k.length), 8);
  return [
    title,
    ...rows.map(
      ([k, v]) =>
        `  ${k.padEnd(w)}  ${String(v).padStart(8)}  ${((100 * v) / Math.max(1, total)).toFixed(1).padStart(5)}%`,
    ),
  ].join('\n');
}

export function formatStats(s: SynthStats): string {
  const totalSpans = Object.values(s.perType).reduce((a, b) => a + b, 0);
  return [
    `documents: ${s.documents}  (${Object.entries(s.perSplit)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    `templates per split: ${Object.entries(s.templatesPerSplit)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `templates in more than one split: ${s.leakedTemplates.length === 0 ? 'none' : s.leakedTemplates.join(', ')}`,
    `mean document length: ${s.meanChars.toFixed(0)} chars, ${s.meanSpans.toFixed(1)} spans`,
    `duplicate texts: ${(100 * s.duplicateShare).toFixed(2)}%`,
    table('spans per type:', s.perType, totalSpans),
    table('documents per family:', s.perFamily, s.documents),
    table('documents per locale:', s.perLocale, s.documents),
  ].join('\n');
}
