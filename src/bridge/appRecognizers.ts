/**
 * The recognizers text kept in the app's Settings: read with the recognizers-file parser under a
 * name a user recognises in its messages, its types registered in the process that uses them
 * (the bridge validates types, a job process detects them), and tried on a sample for Settings'
 * preview.
 */
import { anonymise } from '../anonymise/anonymise.js';
import type { RecognizersCheck } from '../api/finredactApi.js';
import { createDetector } from '../detect/engine.js';
import { parseRecognizers } from '../detect/recognizersFile.js';
import { registerUserTypes } from '../detect/userPatterns.js';
import { entityTypeInfo } from '../domain/entityTypes.js';
import { NO_USER_RECOGNIZERS, type UserRecognizerConfig } from '../domain/userRecognizers.js';
import { UsageError } from '../domain/usageError.js';

/** How the Settings text is named in error messages ("Settings › Recognizers:4: …"). */
export const SETTINGS_RECOGNIZERS = 'Settings › Recognizers';
/** A recognizers text is a short configuration; this bounds what a renderer can send. */
export const MAX_RECOGNIZERS_CHARS = 1_000_000;
const MAX_SAMPLE_CHARS = 200_000;

/** Parses and registers the Settings text; throws a UsageError naming the line. */
export function settingsRecognizers(text: string): UserRecognizerConfig {
  if (text.trim() === '') return NO_USER_RECOGNIZERS;
  if (text.length > MAX_RECOGNIZERS_CHARS) {
    throw new UsageError(
      `${SETTINGS_RECOGNIZERS}: longer than ${MAX_RECOGNIZERS_CHARS} characters`,
    );
  }
  const config = parseRecognizers(text, SETTINGS_RECOGNIZERS);
  registerUserTypes(config);
  return config;
}

export async function checkRecognizers(text: unknown, sample: unknown): Promise<RecognizersCheck> {
  if (typeof text !== 'string' || typeof sample !== 'string') {
    return { ok: false, error: 'The recognizers and the sample must be texts.' };
  }
  let config: UserRecognizerConfig;
  try {
    config = settingsRecognizers(text);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const detector = await createDetector({ ner: false, userRecognizers: config });
  const sampleText = sample.slice(0, MAX_SAMPLE_CHARS);
  const spans = await detector.detect(sampleText);
  return {
    ok: true,
    types: config.types.map((t) => entityTypeInfo(t.type)),
    allow: config.allow,
    spans,
    anonymized: anonymise(sampleText, spans),
  };
}
