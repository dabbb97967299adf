/**
 * Runs detection over a labelled data set and scores it: span-level P/R/F1 (exact and overlap)
 * and character leak rate for span-labelled sets (jsonl, presidio), value-level recall, precision
 * and leak for real documents (real-dev, extracted with the same extractDocument the CLI uses).
 */
import { doubtUnreadWords } from '../merge/unreadWords.js';
import { sheetCandidates } from '../merge/sheetCandidates.js';
import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { BUILT_IN_TYPES, isBuiltInType, type EntityType } from '../domain/entityTypes.js';
import type { PropagationScope, UserRecognizerConfig } from '../domain/userRecognizers.js';
import { registerUserTypes } from '../detect/userPatterns.js';
import { createDetector, type Detector } from '../detect/engine.js';
import { plainSpans, resolveDetections } from '../merge/resolveDetections.js';
import type { Span } from '../domain/span.js';
import type { OcrMode } from '../domain/fileResult.js';
import type { LabelledDocument } from './labelledDocument.js';
import { countLeaks, emptyLeakCounts, leakRateOf, type LeakCounts } from './leakRate.js';
import { loadJsonlDataset } from './loadJsonlDataset.js';
import { loadPresidioDataset } from './loadPresidioDataset.js';
import {
  loadRealDevGold,
  scoreRealDevDocument,
  type RealDevDocumentScore,
} from './realDevScoring.js';
import { countMatches, emptyCounts, matchReport, type MatchReport } from './spanMetrics.js';

import { DATASET_FORMATS, type DatasetFormat } from './datasetFormats.js';
import { inHalf, type RealDevHalf } from './realDevHalves.js';

export interface EvaluationOptions {
  data: string;
  format?: DatasetFormat;
  ner: boolean;
  nerThreshold?: number;
  types?: readonly EntityType[];
  /** OCR mode for real-dev's scanned file. */
  ocr?: OcrMode;
  /** real-dev and real-dev2: score only this half of the documents (src/eval/realDevHalves). */
  half?: RealDevHalf;
  onProgress?: (done: number, total: number) => void;
  /** NER model folder (default: the shipped models/pii-ner). */
  modelDir?: string;
  /** Prepared detector, e.g. one shared by several runs; created from the options otherwise. */
  detector?: Detector;
  /** A recognizers file's types, recognizers and allow-list, scored like built-in ones. */
  recognizers?: UserRecognizerConfig;
  /** Propagation of detected values within each document (`document`, the default) or `off`. */
  propagate?: PropagationScope;
  /**
   * Called for each document of a span-labelled set with its gold, every candidate and what the
   * policy redacts: the evaluation report (report/) builds its curves and matrix from these.
   */
  onDocument?: (
    doc: LabelledDocument,
    candidates: readonly Span[],
    predicted: readonly Span[],
  ) => void;
}

interface ReportBase {
  data: string;
  format: DatasetFormat;
  ner: boolean;
  types: EntityType[];
  documents: number;
  characters: number;
  seconds: number;
}

export interface SpanEvaluationReport extends ReportBase {
  kind: 'spans';
  exact: MatchReport;
  overlap: MatchReport;
  leak: {
    rate: number;
    goldChars: number;
    leakedChars: number;
    perType: Record<EntityType, LeakCounts & { rate: number }>;
  };
  /** For data sets whose gold departs from LABELS.md (presidio): the score under the policy. */
  policy?: {
    /** Exact match of the predictions against the gold as LABELS.md draws it. */
    exact: MatchReport;
    /** The policy's gold itself scored as predictions against the data set's gold: the best a detector that follows LABELS.md can reach in `exact`. */
    ceiling: MatchReport;
  };
}

export interface ValueEvaluationReport extends ReportBase {
  kind: 'values';
  /** The half of a real set scored, when one was asked for. */
  half?: RealDevHalf;
  recall: number;
  precision: number;
  leakRate: number;
  perType: Partial<Record<EntityType, { occurrences: number; hits: number; recall: number }>>;
  files: (RealDevDocumentScore | { file: string; error: string })[];
}

export type EvaluationReport = SpanEvaluationReport | ValueEvaluationReport;

export function guessFormat(data: string): DatasetFormat {
  if (data.endsWith('.jsonl')) return 'jsonl';
  if (data.endsWith('gold.json')) return 'real-dev';
  if (data.endsWith('.json')) return 'presidio';
  if (existsSync(data) && statSync(data).isDirectory()) {
    if (existsSync(join(data, 'gold.json'))) return 'real-dev';
    if (existsSync(join(data, 'synth_dataset_v2.json'))) return 'presidio';
  }
  throw new Error(`cannot tell the format of ${data}; pass --format ${DATASET_FORMATS.join('|')}`);
}

async function evaluateSpans(
  docs: readonly LabelledDocument[],
  detector: Detector,
  types: readonly EntityType[],
  onProgress: EvaluationOptions['onProgress'],
  onDocument?: EvaluationOptions['onDocument'],
): Promise<Pick<SpanEvaluationReport, 'exact' | 'overlap' | 'leak' | 'characters' | 'policy'>> {
  const exact = emptyCounts();
  const overlap = emptyCounts();
  const policyExact = emptyCounts();
  const ceiling = emptyCounts();
  const hasPolicy = docs.some((d) => d.policySpans !== undefined);
  const leaks: Record<EntityType, LeakCounts> = emptyLeakCounts();
  let characters = 0;
  for (const [i, doc] of docs.entries()) {
    const gold = doc.spans.filter((s) => types.includes(s.type));
    // What detect() returns, with the candidates kept for the report's threshold curves.
    const candidates = await detector.candidates(doc.text);
    const predicted = plainSpans(resolveDetections(doc.text, candidates, detector.policy));
    onDocument?.(doc, candidates, predicted);
    countMatches(gold, predicted, 'exact', exact);
    countMatches(gold, predicted, 'overlap', overlap);
    countLeaks(doc.text, gold, predicted, leaks);
    if (hasPolicy) {
      const policyGold = (doc.policySpans ?? doc.spans).filter((s) => types.includes(s.type));
      countMatches(policyGold, predicted, 'exact', policyExact);
      countMatches(gold, policyGold, 'exact', ceiling);
    }
    characters += doc.text.length;
    onProgress?.(i + 1, docs.length);
  }
  const total = types.reduce(
    (acc, t) => ({
      goldChars: acc.goldChars + (leaks[t]?.goldChars ?? 0),
      leakedChars: acc.leakedChars + (leaks[t]?.leakedChars ?? 0),
    }),
    { goldChars: 0, leakedChars: 0 },
  );
  const perType = Object.fromEntries(
    [...BUILT_IN_TYPES, ...types.filter((t) => !isBuiltInType(t))].map((t) => {
      const l = leaks[t] ?? { goldChars: 0, leakedChars: 0 };
      return [t, { ...l, rate: leakRateOf(l) }];
    }),
  ) as Record<EntityType, LeakCounts & { rate: number }>;
  return {
    exact: matchReport(exact, types),
    overlap: matchReport(overlap, types),
    leak: { ...total, rate: leakRateOf(total), perType },
    characters,
    ...(hasPolicy && {
      policy: { exact: matchReport(policyExact, types), ceiling: matchReport(ceiling, types) },
    }),
  };
}

async function evaluateRealDev(
  data: string,
  detector: Detector,
  types: readonly EntityType[],
  ocr: OcrMode,
  onProgress: EvaluationOptions['onProgress'],
  half?: RealDevHalf,
): Promise<
  Omit<ValueEvaluationReport, keyof ReportBase | 'kind'> & { documents: number; characters: number }
> {
  // Imported here so span-level evaluation does not load pdf.js and friends.
  const { extractDocument } = await import('../extract/extractDocument.js');
  const gold = await loadRealDevGold(data);
  const { dir } = gold;
  const setName = basename(resolve(dir));
  const files = half ? gold.files.filter((f) => inHalf(setName, f.file, half)) : gold.files;
  const scores: ValueEvaluationReport['files'] = [];
  let characters = 0;
  for (const [i, gold] of files.entries()) {
    try {
      const doc = await extractDocument(join(dir, 'docs', gold.file), { ocr });
      characters += doc.text.length;
      // As processFile does: a sheet's cells shape the model's spans (sheetCandidates),
      // and model spans over words OCR could not read are doubted.
      const candidates = doubtUnreadWords(
        sheetCandidates(doc.text, await detector.candidates(doc.text), doc.cells ?? []),
        doc.fragments,
      );
      const spans = plainSpans(resolveDetections(doc.text, candidates, detector.policy));
      const entities = gold.entities.filter(
        (e) =>
          !(BUILT_IN_TYPES as readonly string[]).includes(e.type) ||
          types.includes(e.type as EntityType),
      );
      scores.push(scoreRealDevDocument(gold.file, doc.text, spans, entities));
    } catch (error) {
      scores.push({
        file: gold.file,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    onProgress?.(i + 1, files.length);
  }
  const ok = scores.filter((s): s is RealDevDocumentScore => !('error' in s));
  const sum = (f: (s: RealDevDocumentScore) => number): number => ok.reduce((a, s) => a + f(s), 0);
  const perType: ValueEvaluationReport['perType'] = {};
  for (const s of ok) {
    for (const [t, c] of Object.entries(s.perType) as [
      EntityType,
      { occurrences: number; hits: number },
    ][]) {
      const into = (perType[t] ??= { occurrences: 0, hits: 0, recall: 0 });
      into.occurrences += c.occurrences;
      into.hits += c.hits;
    }
  }
  for (const c of Object.values(perType))
    if (c) c.recall = c.occurrences === 0 ? 1 : c.hits / c.occurrences;
  const occurrences = sum((s) => s.occurrences);
  const predicted = sum((s) => s.predicted);
  const values = sum((s) => s.values);
  return {
    recall: occurrences === 0 ? 1 : sum((s) => s.hits) / occurrences,
    precision: predicted === 0 ? 1 : sum((s) => s.truePositives) / predicted,
    leakRate: values === 0 ? 0 : sum((s) => s.leakedValues.length) / values,
    perType,
    files: scores,
    documents: files.length,
    characters,
  };
}

export async function runEvaluation(opts: EvaluationOptions): Promise<EvaluationReport> {
  const format = opts.format ?? guessFormat(opts.data);
  if (opts.recognizers) registerUserTypes(opts.recognizers);
  const types = [
    ...(opts.types ?? [...BUILT_IN_TYPES, ...(opts.recognizers?.types.map((t) => t.type) ?? [])]),
  ];
  const detector =
    opts.detector ??
    (await createDetector({
      types,
      ner: opts.ner,
      nerThreshold: opts.nerThreshold,
      modelDir: opts.modelDir,
      ...(opts.recognizers ? { userRecognizers: opts.recognizers } : {}),
      ...(opts.propagate ? { propagate: opts.propagate } : {}),
    }));
  const started = performance.now();
  try {
    const base = { data: opts.data, format, ner: opts.ner, types };
    if (format === 'real-dev') {
      const result = await evaluateRealDev(
        opts.data,
        detector,
        types,
        opts.ocr ?? 'auto',
        opts.onProgress,
        opts.half,
      );
      return {
        kind: 'values',
        ...base,
        ...(opts.half ? { half: opts.half } : {}),
        ...result,
        seconds: (performance.now() - started) / 1000,
      };
    }
    const docs =
      format === 'jsonl' ? await loadJsonlDataset(opts.data) : await loadPresidioDataset(opts.data);
    const result = await evaluateSpans(docs, detector, types, opts.onProgress, opts.onDocument);
    return {
      kind: 'spans',
      ...base,
      documents: docs.length,
      ...result,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    if (!opts.detector) await detector.close?.();
  }
}
