/**
 * Option parsing for `finredact redact`, kept pure so it can be tested without running a batch.
 * Parsers throw commander's InvalidArgumentError, which commander reports as a usage error.
 */
import { InvalidArgumentError } from 'commander';
import { parseEntityTypes, type EntityType } from '../domain/entityTypes.js';
import { OUTPUT_FORMATS, type OcrMode, type OutputFormat } from '../domain/fileResult.js';
import { UsageError } from '../domain/usageError.js';

/**
 * `--types` as written: upper-cased, de-duplicated names, checked against the registry only once
 * a recognizers file has registered its own types (checkTypes).
 */
export function parseTypeNames(value: string): string[] {
  const names = value
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s.length > 0);
  if (names.length === 0) throw new InvalidArgumentError('the list is empty');
  return [...new Set(names)];
}

/** Valid entity types, or a UsageError naming the unknown ones and the valid ones. */
export function checkTypes(names: readonly string[]): EntityType[] {
  try {
    return parseEntityTypes(names.join(','));
  } catch (error) {
    throw new UsageError(`--types: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function parseTypesOption(value: string): EntityType[] {
  try {
    const types = parseEntityTypes(value);
    if (types.length === 0) throw new Error('the list is empty');
    return types;
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

export function parseFormatsOption(value: string): OutputFormat[] {
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
  const unknown = names.filter((n) => !(OUTPUT_FORMATS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new InvalidArgumentError(
      `unknown format ${unknown.join(', ') || '(empty)'}; valid formats: ${OUTPUT_FORMATS.join(', ')}`,
    );
  }
  return [...new Set(names)] as OutputFormat[];
}

export function parseIntegerOption(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < min || n > max) {
      throw new InvalidArgumentError(
        `expected a whole number from ${min} to ${max}, got "${value}"`,
      );
    }
    return n;
  };
}

export function parseThresholdOption(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) {
    throw new InvalidArgumentError(`expected a number between 0 and 1, got "${value}"`);
  }
  return n;
}

export const OCR_MODES: readonly OcrMode[] = ['auto', 'always', 'never'];
