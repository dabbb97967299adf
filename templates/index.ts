/**
 * The synthetic document generator as a library, for tests and fixtures elsewhere:
 *   const docs = generateDocuments({ n: 200, seed: 1 });
 * Every document carries gold spans checked at generation (see core/validateSpans.ts).
 */
export {
  generateDocuments,
  iterateDocuments,
  renderDocument,
  toJsonLine,
  DEFAULT_SPLIT_RATIOS,
} from './generateDocuments.js';
export type { GenerateOptions, GeneratedDocument } from './generateDocuments.js';
export type { GoldDocument, GoldSpan, Split } from './core/goldDocument.js';
export { validateSpans, InvalidSpanError } from './core/validateSpans.js';
export { DEFAULT_NOISE, NO_NOISE, scaleNoise } from './noise/extractionNoise.js';
export type { NoiseRates } from './noise/extractionNoise.js';
export {
  ALL_TEMPLATES,
  TEMPLATES_BY_FAMILY,
  NOTE_TEMPLATES,
  splitOfTemplate,
  templatesOfSplit,
} from './registry.js';
export {
  FAMILIES,
  LONG_REPORT_FAMILIES,
  NOTE_FAMILIES,
  REAL_DOC_FAMILIES,
} from './core/docTemplate.js';
export type { Family, DocTemplate } from './core/docTemplate.js';
export { LOCALES } from './values/locales.js';
export type { Locale } from './values/locales.js';
export { computeStats, formatStats } from './synthStats.js';
