/**
 * labels.json, written by the training recipe next to model.onnx: the label scheme and the
 * windowing the model was trained with. Read once and checked, so a model/config mismatch is a
 * clear error at load time instead of wrong spans.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isEntityType, type EntityType } from '../../domain/entityTypes.js';
import { NUM_SHAPES } from './tokenShape.js';

export interface NerModelConfig {
  readonly labels: readonly string[];
  readonly types: readonly EntityType[];
  /** Types the recognizer reports by default, when the recipe measured some better left to patterns. */
  readonly emitTypes?: readonly EntityType[];
  readonly maxLength: number;
  readonly window: number;
  readonly stride: number;
  readonly batchWindows: number;
  readonly clsId: number;
  readonly sepId: number;
  readonly padId: number;
  readonly threshold: number;
  readonly trimChars: string;
}

function field<T>(
  raw: Record<string, unknown>,
  name: string,
  check: (v: unknown) => v is T,
  file: string,
): T {
  const v = raw[name];
  if (!check(v)) throw new Error(`${file}: field "${name}" is missing or has the wrong type`);
  return v;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

export async function readModelConfig(modelDir: string): Promise<NerModelConfig> {
  const file = join(modelDir, 'labels.json');
  const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  const labels = field(raw, 'labels', isStringArray, file);
  const types = field(raw, 'types', isStringArray, file);
  const unknown = types.filter((t) => !isEntityType(t));
  if (unknown.length > 0) throw new Error(`${file}: unknown entity types ${unknown.join(', ')}`);
  if (labels[0] !== 'O' || labels.length !== 1 + 2 * types.length) {
    throw new Error(`${file}: labels must be "O" followed by B-/I- for each type`);
  }
  const emit = raw['emitTypes'];
  if (emit !== undefined && !(isStringArray(emit) && emit.every((t) => types.includes(t)))) {
    throw new Error(`${file}: emitTypes must list types of the model`);
  }
  const config: NerModelConfig = {
    ...(emit === undefined ? {} : { emitTypes: emit as EntityType[] }),
    labels,
    types: types as EntityType[],
    maxLength: field(raw, 'maxLength', isNumber, file),
    window: field(raw, 'window', isNumber, file),
    stride: field(raw, 'stride', isNumber, file),
    batchWindows: field(raw, 'batchWindows', isNumber, file),
    clsId: field(raw, 'clsId', isNumber, file),
    sepId: field(raw, 'sepId', isNumber, file),
    padId: field(raw, 'padId', isNumber, file),
    threshold: field(raw, 'threshold', isNumber, file),
    trimChars: field(raw, 'trimChars', isString, file),
  };
  const numShapes = field(raw, 'numShapes', isNumber, file);
  if (numShapes !== NUM_SHAPES) {
    throw new Error(
      `${file}: the model takes ${numShapes} shape ids but this build computes ${NUM_SHAPES} ` +
        '(casing × layout gap); the model and the code are from different versions',
    );
  }
  if (config.window + 2 > config.maxLength || config.stride <= 0 || config.stride > config.window) {
    throw new Error(
      `${file}: inconsistent window (${config.window}), stride (${config.stride}) and maxLength`,
    );
  }
  return config;
}
