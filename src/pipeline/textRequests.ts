/**
 * Text in, detections or anonymised text out, for callers that hold a detector for many requests
 * (the REST service): the same detection and placeholder modes as a file's text gets.
 */
import { anonymise, replacementsBySpan } from '../anonymise/anonymise.js';
import type { Detector } from '../detect/engine.js';
import type { PlaceholderMode } from '../domain/placeholderMode.js';
import type { Span } from '../domain/span.js';
import { loadFakesFor, runReplacements } from './anonymiseRun.js';

export async function analyzeText(
  detector: Detector,
  text: string,
  types?: readonly string[],
): Promise<Span[]> {
  const spans = await detector.detect(text);
  return types ? spans.filter((s) => types.includes(s.type)) : spans;
}

export async function anonymizeText(
  detector: Detector,
  text: string,
  opts: { types?: readonly string[]; placeholders?: PlaceholderMode; seed?: number },
): Promise<{ text: string; spans: Span[]; replacements: string[] }> {
  const spans = await analyzeText(detector, text, opts.types);
  await loadFakesFor(opts);
  const replacements = runReplacements(opts).forDocument('request', text, spans);
  return {
    text: anonymise(text, spans, replacementsBySpan(spans, replacements)),
    spans,
    replacements,
  };
}
