/**
 * `finredact eval --report DIR`: runs the evaluation (one model, or two with `--compare`),
 * keeping every document's candidates, and builds the report's data — curves, confusion matrix,
 * worst documents, recall-first thresholds — and its self-contained HTML page.
 */
import type { DetectionPolicy } from '../../domain/detectionPolicy.js';
import type { EntityType } from '../../domain/entityTypes.js';
import { plainSpans, resolveDetections } from '../../merge/resolveDetections.js';
import type { Span } from '../../domain/span.js';
import type { LabelledDocument } from '../labelledDocument.js';
import {
  runEvaluation,
  type EvaluationOptions,
  type SpanEvaluationReport,
} from '../runEvaluation.js';
import { createDetector } from '../../detect/engine.js';
import {
  confusionMatrix,
  curveThresholds,
  recallFirstThresholds,
  thresholdCurve,
  worstDocuments,
  type CurvePoint,
  type LeakyDocument,
  type ScoredDocument,
} from './reportData.js';

/** Types whose detections carry the model's score; the others are validated patterns. */
export const MODEL_TYPES: readonly EntityType[] = ['NAME', 'COMPANY', 'ADDRESS'];

export interface ModelEvaluation {
  readonly name: string;
  readonly modelDir?: string;
  readonly policy: DetectionPolicy;
  readonly summary: SpanEvaluationReport;
  readonly curve: readonly CurvePoint[];
  /** Per model type: the highest threshold that keeps its leak within half a point of its lowest. */
  readonly recallFirstThresholds: Readonly<Record<EntityType, number>>;
}

export interface EvaluationReportData {
  readonly data: string;
  readonly documents: number;
  readonly models: readonly ModelEvaluation[];
  /** Of the first model, at its policy. */
  readonly confusion: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly worst: readonly LeakyDocument[];
}

async function evaluateModel(
  options: EvaluationOptions,
  name: string,
): Promise<{
  model: ModelEvaluation;
  scored: { doc: LabelledDocument; candidates: readonly Span[]; predicted: readonly Span[] }[];
}> {
  const detector = await createDetector({
    types: options.types,
    ner: options.ner,
    nerThreshold: options.nerThreshold,
    modelDir: options.modelDir,
    ...(options.recognizers ? { userRecognizers: options.recognizers } : {}),
    ...(options.propagate ? { propagate: options.propagate } : {}),
  });
  const scored: {
    doc: LabelledDocument;
    candidates: readonly Span[];
    predicted: readonly Span[];
  }[] = [];
  try {
    const summary = await runEvaluation({
      ...options,
      detector,
      onDocument: (doc, candidates, predicted) => scored.push({ doc, candidates, predicted }),
    });
    if (summary.kind !== 'spans') {
      throw new Error(
        '--report needs a data set with gold spans (jsonl or presidio), not real-dev',
      );
    }
    const curve = thresholdCurve(
      scored as ScoredDocument[],
      detector.policy,
      curveThresholds(detector.policy.modelThreshold),
    );
    return {
      model: {
        name,
        ...(options.modelDir ? { modelDir: options.modelDir } : {}),
        policy: detector.policy,
        summary,
        curve,
        recallFirstThresholds: recallFirstThresholds(
          curve,
          MODEL_TYPES.filter((t) => detector.policy.types.includes(t)),
        ),
      },
      scored,
    };
  } finally {
    await detector.close?.();
  }
}

export async function buildEvaluationReport(
  options: EvaluationOptions,
  compareModelDir?: string,
): Promise<EvaluationReportData> {
  const first = await evaluateModel(options, options.modelDir ?? 'shipped model');
  const models = [first.model];
  if (compareModelDir !== undefined) {
    models.push(
      (await evaluateModel({ ...options, modelDir: compareModelDir }, compareModelDir)).model,
    );
  }
  const types = first.model.policy.types;
  const gold = (doc: LabelledDocument) => doc.spans.filter((s) => types.includes(s.type));
  return {
    data: options.data,
    documents: first.scored.length,
    models,
    confusion: confusionMatrix(
      first.scored.map((s) => ({ gold: gold(s.doc), predicted: s.predicted })),
    ),
    worst: worstDocuments(first.scored, types),
  };
}

/** The spans a document gets at `threshold`: what a curve point counts (for tests and tools). */
export function predictedAt(
  doc: LabelledDocument,
  candidates: readonly Span[],
  policy: DetectionPolicy,
  threshold: number,
): Span[] {
  return plainSpans(
    resolveDetections(doc.text, candidates, {
      ...policy,
      modelThreshold: threshold,
      typeThresholds: undefined,
    }),
  );
}
