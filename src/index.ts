/**
 * FinRedact as a library: the same one-way pipeline the CLI and the app use.
 * extract → detect (patterns + NER, merged) → anonymise → write.
 */
export type { Box, DocumentText, PageInfo, TextFragment } from './domain/documentText.js';
export {
  BUILT_IN_TYPES,
  entityTypeInfo,
  entityTypes,
  EntityTypeRegistry,
  type EntityTypeDefinition,
  type EntityTypeInfo,
  parseEntityTypes,
  type EntityType,
} from './domain/entityTypes.js';
export type { Span, SpanSource } from './domain/span.js';
export { extractDocument, type ExtractOptions } from './extract/extractDocument.js';
export { InputError, type InputErrorCode } from './domain/inputError.js';
export { createDetector, type Detector, type DetectorOptions } from './detect/engine.js';
export { anonymise } from './anonymise/anonymise.js';
export type { FileResult, OcrMode, OutputFormat } from './domain/fileResult.js';
export { DEFAULT_REDACT_OPTIONS, type RedactOptions } from './pipeline/redactOptions.js';
export { collectInputs, type InputFile } from './pipeline/collectInputs.js';
export { processFile } from './pipeline/processFile.js';
export { runBatch, type BatchEvent } from './pipeline/runBatch.js';
export { writeOutputs, type WrittenOutputs } from './pipeline/writeOutputs.js';
export { UsageError } from './domain/usageError.js';
export { OutputWriteError } from './pipeline/outputWriteError.js';
export { ResultsWorkbook } from './write/resultsWorkbook.js';
export { writeFileAtomic } from './write/writeFileAtomic.js';
