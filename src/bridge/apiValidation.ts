/**
 * Checks every argument that crosses into the backend from a renderer (HTTP body or Electron
 * IPC). The renderer is treated as untrusted: a bad value is rejected with a message naming the
 * field, never passed on to the pipeline.
 */
// A reviewer's span may carry a review-only type: it must validate here.
import { OUTPUT_LAYOUTS, type OutputLayout } from '../domain/outputLayout.js';
import '../domain/reviewTypes.js';
import { BOX_FILLS, isBoxFill, MAX_OVERLAY_CODE, validOverlayCode } from '../domain/boxStyle.js';
import path from 'node:path';
import { entityTypes, isEntityType, type EntityType } from '../domain/entityTypes.js';
import type { Span, SpanSource } from '../domain/span.js';
import type { OcrMode } from '../domain/fileResult.js';
import type {
  AppSettings,
  ExportBoxes,
  ExportFile,
  ExportRequest,
  JobOptions,
} from '../api/finredactApi.js';
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import {
  REVIEW_HISTORY_STEPS,
  type ReviewDecisions,
  type ReviewHistory,
} from '../domain/reviewDecisions.js';
import { MAX_RECOGNIZERS_CHARS, settingsRecognizers } from './appRecognizers.js';
import { CONSISTENCY_SCOPES, PLACEHOLDER_MODES } from '../domain/placeholderMode.js';

export class ApiArgumentError extends Error {
  override readonly name = 'ApiArgumentError';
}

const OCR_MODES: readonly OcrMode[] = ['auto', 'always', 'never'];
const SPAN_SOURCES: readonly SpanSource[] = [
  'pattern',
  'ner',
  'manual',
  'user',
  'propagated',
  'read-back',
];
const MAX_PATHS = 10_000;
const MAX_SPANS_PER_FILE = 100_000;

function fail(field: string, expected: string): never {
  throw new ApiArgumentError(`Invalid ${field}: expected ${expected}.`);
}

function record(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(field, 'an object');
  return value as Record<string, unknown>;
}

function array(value: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(value)) fail(field, 'an array');
  if (value.length > max) fail(field, `at most ${max} items`);
  return value;
}

function finite(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    fail(field, `a number from ${min} to ${max}`);
  }
  return value;
}

/** An absolute path without NUL bytes; relative paths would depend on the backend's cwd. */
export function validateAbsolutePath(value: unknown, field = 'path'): string {
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > 4096 ||
    value.includes('\0')
  ) {
    fail(field, 'a non-empty path');
  }
  if (!path.isAbsolute(value)) fail(field, `an absolute path (got "${value}")`);
  return path.normalize(value);
}

export function validatePaths(value: unknown, field = 'paths'): string[] {
  const items = array(value, field, MAX_PATHS);
  if (items.length === 0) fail(field, 'at least one path');
  return items.map((p, i) => validateAbsolutePath(p, `${field}[${i}]`));
}

export function validateEntityTypes(value: unknown, field = 'types'): EntityType[] {
  const items = array(value, field, entityTypes.list().length * 4);
  const types = items.map((t, i) => {
    if (typeof t !== 'string' || !isEntityType(t))
      fail(`${field}[${i}]`, `one of ${entityTypes.list().join(', ')}`);
    return t;
  });
  return [...new Set(types)];
}

function validateOcr(value: unknown, field: string): OcrMode {
  if (typeof value !== 'string' || !(OCR_MODES as readonly string[]).includes(value)) {
    fail(field, OCR_MODES.join(' | '));
  }
  return value as OcrMode;
}

function validateBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') fail(field, 'true or false');
  return value;
}

export function validateJobOptions(value: unknown): JobOptions {
  const o = record(value, 'options');
  const recognizers =
    o.recognizers === undefined ? '' : validateRecognizers(o.recognizers, 'options.recognizers');
  const only = o.only === undefined ? undefined : validatePaths(o.only, 'options.only');
  return {
    ...(recognizers === '' ? {} : { recognizers }),
    ...(only ? { only } : {}),
    types: validateEntityTypes(o.types, 'options.types'),
    ocr: validateOcr(o.ocr, 'options.ocr'),
    ner: validateBoolean(o.ner, 'options.ner'),
  };
}

export function validateSettings(value: unknown): AppSettings {
  const o = record(value, 'settings');
  const outputFolder = o.outputFolder;
  if (
    typeof outputFolder !== 'string' ||
    outputFolder.length > 4096 ||
    outputFolder.includes('\0')
  ) {
    fail('settings.outputFolder', 'a path or an empty string');
  }
  // A relative folder would depend on where the backend happened to start.
  if (outputFolder !== '' && !path.isAbsolute(outputFolder)) {
    fail('settings.outputFolder', `an absolute path (got "${outputFolder}")`);
  }
  // The recognizers first: its own types are registered here, so the type list may name them.
  const recognizers = validateRecognizers(o.recognizers, 'settings.recognizers');
  return {
    recognizers,
    propagate: validatePropagate(o.propagate, 'settings.propagate'),
    placeholders: oneOf(o.placeholders, 'settings.placeholders', PLACEHOLDER_MODES),
    consistent: oneOf(o.consistent, 'settings.consistent', CONSISTENCY_SCOPES),
    types: validateEntityTypes(o.types, 'settings.types'),
    threshold: finite(o.threshold, 'settings.threshold', 0, 1),
    ocr: validateOcr(o.ocr, 'settings.ocr'),
    outputFolder,
    ner: validateBoolean(o.ner, 'settings.ner'),
    reviewer: validateReviewer(o.reviewer),
  };
}

/** A recognizers text that reads and registers; its own message (with the line) when it does not. */
function validateRecognizers(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > MAX_RECOGNIZERS_CHARS) {
    fail(field, `a text of at most ${MAX_RECOGNIZERS_CHARS} characters`);
  }
  try {
    settingsRecognizers(value);
  } catch (error) {
    throw new ApiArgumentError(error instanceof Error ? error.message : String(error));
  }
  return value;
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(field, allowed.join(' | '));
  }
  return value as T;
}

function validatePropagate(value: unknown, field: string): 'document' | 'off' {
  if (value !== 'document' && value !== 'off') fail(field, 'document | off');
  return value;
}

function validateReviewer(value: unknown): string {
  if (typeof value !== 'string' || value.length > 200 || /[\0\n\r]/.test(value)) {
    fail('settings.reviewer', 'a name of at most 200 characters on one line');
  }
  return value.trim();
}

export function validateJobId(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) fail('jobId', 'a job id');
  return value;
}

/**
 * Shape only: whether offsets fit the document and `text` matches is checked against the
 * stored result at export time, where the document is at hand.
 */
function validateSpan(value: unknown, field: string): Span {
  const o = record(value, field);
  const start = finite(o.start, `${field}.start`, 0, Number.MAX_SAFE_INTEGER);
  const end = finite(o.end, `${field}.end`, 0, Number.MAX_SAFE_INTEGER);
  if (!Number.isInteger(start) || !Number.isInteger(end) || end <= start) {
    fail(`${field}.start/end`, 'integers with start < end');
  }
  if (typeof o.type !== 'string' || !isEntityType(o.type)) fail(`${field}.type`, 'an entity type');
  if (typeof o.source !== 'string' || !(SPAN_SOURCES as readonly string[]).includes(o.source)) {
    fail(`${field}.source`, SPAN_SOURCES.join(' | '));
  }
  if (typeof o.text !== 'string') fail(`${field}.text`, 'a string');
  return {
    start,
    end,
    type: o.type,
    score: finite(o.score, `${field}.score`, 0, 1),
    source: o.source as SpanSource,
    text: o.text,
  };
}

function index(value: unknown, field: string): number {
  const n = finite(value, field, 0, MAX_SPANS_PER_FILE);
  if (!Number.isInteger(n)) fail(field, 'a whole number');
  return n;
}

/** An occurrence's place in the text: whole-number offsets, start before end. */
function range(value: unknown, field: string): { start: number; end: number } {
  const r = record(value, field);
  const start = finite(r.start, `${field}.start`, 0, 1e9);
  const end = finite(r.end, `${field}.end`, start + 1, 1e9);
  if (!Number.isInteger(start) || !Number.isInteger(end)) fail(field, 'whole-number offsets');
  return { start, end };
}

export function validateDecisions(value: unknown, field = 'decisions'): ReviewDecisions {
  const o = record(value, field);
  return {
    rejected: array(o.rejected, `${field}.rejected`, MAX_SPANS_PER_FILE).map((v, i) =>
      index(v, `${field}.rejected[${i}]`),
    ),
    ...(o.rejectedAt === undefined
      ? {}
      : {
          rejectedAt: array(o.rejectedAt, `${field}.rejectedAt`, MAX_SPANS_PER_FILE).map((v, i) =>
            range(v, `${field}.rejectedAt[${i}]`),
          ),
        }),
    ...(o.retypedAt === undefined
      ? {}
      : {
          retypedAt: array(o.retypedAt, `${field}.retypedAt`, MAX_SPANS_PER_FILE).map((v, i) => ({
            ...range(v, `${field}.retypedAt[${i}]`),
            type: validateEntityTypes(
              [record(v, `${field}.retypedAt[${i}]`).type],
              `${field}.retypedAt[${i}].type`,
            )[0]!,
          })),
        }),
    retyped: array(o.retyped, `${field}.retyped`, MAX_SPANS_PER_FILE).map((v, i) => {
      const r = record(v, `${field}.retyped[${i}]`);
      const type = validateEntityTypes([r.type], `${field}.retyped[${i}].type`)[0]!;
      return { index: index(r.index, `${field}.retyped[${i}].index`), type };
    }),
    added: array(o.added, `${field}.added`, MAX_SPANS_PER_FILE).map((s, i) => ({
      ...validateSpan(s, `${field}.added[${i}]`),
      source: 'manual' as const,
    })),
    ...(o.areas === undefined
      ? {}
      : {
          areas: array(o.areas, `${field}.areas`, 10_000).map((v, i) => {
            const a = record(v, `${field}.areas[${i}]`);
            const b = record(a.box, `${field}.areas[${i}].box`);
            const n = (x: unknown, f: string) =>
              finite(x, `${field}.areas[${i}].box.${f}`, 0, 100_000);
            return {
              page: validatePage(a.page),
              box: {
                x: n(b.x, 'x'),
                y: n(b.y, 'y'),
                width: n(b.width, 'width'),
                height: n(b.height, 'height'),
              },
              ...(a.wholePage === true ? { wholePage: true } : {}),
            };
          }),
        }),
    ...(o.log === undefined
      ? {}
      : {
          log: array(o.log, `${field}.log`, MAX_SPANS_PER_FILE * 3).map((v, i) => {
            const e = record(v, `${field}.log[${i}]`);
            if (typeof e.key !== 'string' || e.key.length > 64)
              fail(`${field}.log[${i}].key`, 'a key');
            if (typeof e.at !== 'string' || Number.isNaN(Date.parse(e.at))) {
              fail(`${field}.log[${i}].at`, 'an ISO 8601 time');
            }
            return { key: e.key, at: new Date(e.at).toISOString() };
          }),
        }),
  };
}

export function validatePage(value: unknown): number {
  const page = finite(value, 'page', 1, 100_000);
  if (!Number.isInteger(page)) fail('page', 'a whole page number');
  return page;
}

export function validatePolicy(value: unknown, field = 'policy'): DetectionPolicy {
  const o = record(value, field);
  const allow =
    o.allow === undefined
      ? undefined
      : array(o.allow, `${field}.allow`, 100_000).map((a, i) => {
          if (typeof a !== 'string' || a.length > 10_000) fail(`${field}.allow[${i}]`, 'a text');
          return a;
        });
  const typeThresholds =
    o.typeThresholds === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(record(o.typeThresholds, `${field}.typeThresholds`)).map(([t, v]) => {
            if (!isEntityType(t))
              fail(`${field}.typeThresholds`, `entity types as keys (got ${t})`);
            return [t, finite(v, `${field}.typeThresholds.${t}`, 0, 1)];
          }),
        );
  return {
    types: validateEntityTypes(o.types, `${field}.types`),
    modelThreshold: finite(o.modelThreshold, `${field}.modelThreshold`, 0, 1),
    ...(typeThresholds ? { typeThresholds } : {}),
    ...(allow && allow.length > 0 ? { allow } : {}),
    ...(o.propagate === undefined
      ? {}
      : { propagate: validatePropagate(o.propagate, `${field}.propagate`) }),
  };
}

function validateExportFile(value: unknown, field: string): ExportFile {
  const o = record(value, field);
  const file = validateAbsolutePath(o.file, `${field}.file`);
  return o.decisions === undefined
    ? { file }
    : { file, decisions: validateDecisions(o.decisions, `${field}.decisions`) };
}

export function validateExportRequest(value: unknown): ExportRequest {
  const o = record(value, 'export request');
  const files = array(o.files, 'files', MAX_PATHS).map((f, i) =>
    validateExportFile(f, `files[${i}]`),
  );
  if (files.length === 0) fail('files', 'at least one processed file');
  return {
    outputFolder: validateAbsolutePath(o.outputFolder, 'outputFolder'),
    policy: validatePolicy(o.policy),
    files,
    ...(o.boxes === undefined ? {} : { boxes: validateBoxes(o.boxes) }),
    ...(o.layout === undefined ? {} : { layout: validateLayout(o.layout) }),
    ...(o.holdFindings === undefined
      ? {}
      : { holdFindings: validateBoolean(o.holdFindings, 'holdFindings') }),
  };
}

function validateLayout(value: unknown): OutputLayout {
  if (typeof value !== 'string' || !(OUTPUT_LAYOUTS as readonly string[]).includes(value))
    fail('layout', OUTPUT_LAYOUTS.join(' or '));
  return value as OutputLayout;
}

function validateBoxes(value: unknown): ExportBoxes {
  const o = record(value, 'boxes');
  if (typeof o.fill !== 'string' || !isBoxFill(o.fill))
    fail('boxes.fill', `one of ${Object.values(BOX_FILLS).join(', ')}`);
  if (o.overlay !== 'none' && o.overlay !== 'placeholder' && o.overlay !== 'code')
    fail('boxes.overlay', 'none, placeholder or code');
  if (o.overlay === 'code' && (typeof o.code !== 'string' || !validOverlayCode(o.code)))
    fail('boxes.code', `a code of 1 to ${MAX_OVERLAY_CODE} printable characters`);
  return {
    fill: (o.fill as string).toLowerCase(),
    overlay: o.overlay,
    ...(o.overlay === 'code' ? { code: (o.code as string).trim() } : {}),
  };
}

/** A document's undo history: two bounded lists of decisions, each checked like decisions. */
export function validateHistory(value: unknown, field = 'history'): ReviewHistory {
  const o = record(value, field);
  const steps = (list: unknown, name: 'past' | 'future') =>
    array(list, `${field}.${name}`, REVIEW_HISTORY_STEPS).map((d, i) =>
      validateDecisions(d, `${field}.${name}[${i}]`),
    );
  return { past: steps(o.past, 'past'), future: steps(o.future, 'future') };
}
