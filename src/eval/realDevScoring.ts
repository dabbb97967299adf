/**
 * Value-level scoring of real-dev (../shared/datasets/real-dev/README.md): gold values are
 * strings, found in the whitespace-collapsed extracted text by case-sensitive search, longest
 * first, each character claimed once. Recall is the share of scored gold occurrences a predicted
 * span overlaps; precision the share of predicted spans overlapping a scored occurrence (spans
 * touching only optional or OTHER_ID values are left out); leak the share of scored gold values
 * still present in the anonymised text.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { anonymise } from '../anonymise/anonymise.js';
import { isEntityType, type EntityType } from '../domain/entityTypes.js';
import type { Span } from '../domain/span.js';
import { collapseWhitespace } from './collapseWhitespace.js';

export interface RealDevEntity {
  readonly type: string;
  readonly value: string;
  readonly optional?: boolean;
  readonly alt?: boolean;
}

export interface RealDevFile {
  readonly file: string;
  readonly kind: 'pdf' | 'png';
  readonly entities: readonly RealDevEntity[];
}

export interface Occurrence {
  readonly start: number;
  readonly end: number;
  readonly type: string;
  readonly value: string;
  /** One of the eight types and not optional: counts as a hit or a miss. */
  readonly scored: boolean;
}

export interface RealDevDocumentScore {
  readonly file: string;
  readonly occurrences: number;
  readonly hits: number;
  readonly predicted: number;
  readonly truePositives: number;
  readonly falsePositives: number;
  readonly values: number;
  readonly leakedValues: string[];
  readonly missed: { type: string; value: string }[];
  readonly spurious: { type: EntityType; text: string }[];
  /** Gold values of this file that do not occur in the extracted text at all (extraction's problem). */
  readonly notInText: string[];
  readonly perType: Partial<Record<EntityType, { occurrences: number; hits: number }>>;
}

export async function loadRealDevGold(
  path: string,
): Promise<{ dir: string; files: RealDevFile[] }> {
  const isDir = (await stat(path)).isDirectory();
  const goldFile = isDir ? join(path, 'gold.json') : path;
  const dir = isDir ? path : join(path, '..');
  const files = JSON.parse(await readFile(goldFile, 'utf8')) as RealDevFile[];
  if (!Array.isArray(files)) throw new Error(`${goldFile}: expected a JSON array of files`);
  return { dir, files };
}

function isScored(e: RealDevEntity): boolean {
  return isEntityType(e.type) && e.optional !== true;
}

/** Finds every occurrence of every value, longest values first, each character claimed once. */
export function findOccurrences(
  collapsed: string,
  entities: readonly RealDevEntity[],
): Occurrence[] {
  const claimed = new Uint8Array(collapsed.length);
  const found: Occurrence[] = [];
  const byLength = [...entities].sort((a, b) => b.value.length - a.value.length);
  for (const e of byLength) {
    const value = e.value.replace(/\s+/g, ' ').trim();
    if (value === '') continue;
    for (let at = collapsed.indexOf(value); at !== -1; at = collapsed.indexOf(value, at + 1)) {
      if (claimed.subarray(at, at + value.length).some((c) => c === 1)) continue;
      claimed.fill(1, at, at + value.length);
      found.push({ start: at, end: at + value.length, type: e.type, value, scored: isScored(e) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export function scoreRealDevDocument(
  file: string,
  text: string,
  spans: readonly Span[],
  entities: readonly RealDevEntity[],
): RealDevDocumentScore {
  const collapsed = collapseWhitespace(text);
  const occurrences = findOccurrences(collapsed.text, entities);
  const predicted = spans.map((s) => ({
    span: s,
    start: collapsed.toCollapsed[s.start] ?? 0,
    end: collapsed.toCollapsed[s.end] ?? 0,
  }));
  const overlapsRange = (
    a: { start: number; end: number },
    b: { start: number; end: number },
  ): boolean => a.start < b.end && b.start < a.end;

  const perType: RealDevDocumentScore['perType'] = {};
  const missed: RealDevDocumentScore['missed'] = [];
  let hits = 0;
  const scored = occurrences.filter((o) => o.scored);
  for (const o of scored) {
    const hit = predicted.some((p) => overlapsRange(p, o));
    const t = (perType[o.type as EntityType] ??= { occurrences: 0, hits: 0 });
    t.occurrences++;
    if (hit) {
      hits++;
      t.hits++;
    } else {
      missed.push({ type: o.type, value: o.value });
    }
  }

  let truePositives = 0;
  const spurious: RealDevDocumentScore['spurious'] = [];
  for (const p of predicted) {
    const touched = occurrences.filter((o) => overlapsRange(p, o));
    if (touched.some((o) => o.scored)) truePositives++;
    else if (touched.length === 0) spurious.push({ type: p.span.type, text: p.span.text });
  }

  const anonymised = collapseWhitespace(anonymise(text, spans)).text;
  const values = [...new Set(scored.map((o) => o.value))];
  const leakedValues = values.filter((v) => anonymised.includes(v));
  const notInText = entities
    .filter((e) => isScored(e) && e.alt !== true)
    .map((e) => e.value.replace(/\s+/g, ' ').trim())
    .filter((v) => !collapsed.text.includes(v));

  return {
    file,
    occurrences: scored.length,
    hits,
    predicted: truePositives + spurious.length,
    truePositives,
    falsePositives: spurious.length,
    values: values.length,
    leakedValues,
    missed,
    spurious,
    notInText,
    perType,
  };
}
