import { entityTypes, type EntityType } from '../domain/entityTypes.js';
import { OUTPUT_FORMATS, type OcrMode, type OutputFormat } from '../domain/fileResult.js';
import type { PropagationScope, UserRecognizerConfig } from '../domain/userRecognizers.js';
import type { ConsistencyScope, PlaceholderMode } from '../domain/placeholderMode.js';
import type { OutputLayout } from '../domain/outputLayout.js';

import type { PixelVerification } from '../domain/pixelVerification.js';
export { PIXEL_VERIFICATIONS, type PixelVerification } from '../domain/pixelVerification.js';

/** Everything a redaction run can be told; the CLI and the app both build one of these. */
export interface RedactOptions {
  readonly types: readonly EntityType[];
  readonly formats: readonly OutputFormat[];
  readonly ocr: OcrMode;
  /** Run the NER model (NAME, COMPANY, ADDRESS) next to the patterns. */
  readonly ner: boolean;
  /**
   * The detection policy's model threshold in [0, 1]: model detections below it are not
   * redacted (pattern detections never are). Undefined: the model's calibrated threshold.
   */
  readonly nerThreshold?: number;
  /** The model's intra-op threads; 2 when not given. */
  readonly nerThreads?: number;
  /** Files processed at the same time. */
  readonly concurrency: number;
  /** Render resolution for OCR and image-based redacted copies. */
  readonly dpi: number;
  /** Redacted PDFs keep an invisible text layer for the text that remains. */
  readonly searchable: boolean;
  /**
   * When false (the CLI's default when --ner/--no-ner is not given), a missing NER model is a
   * notice and the run continues with patterns only; when true, it is an error.
   */
  readonly nerRequired?: boolean;
  /**
   * Which pages of a redacted copy are read back by OCR before it is written: `pixels` (default)
   * pages whose text came from OCR or that hold images, `full` every page.
   */
  readonly verify?: PixelVerification;
  /** `split`: shareable/ and internal/ (src/pipeline/outputPaths); `flat` when not given. */
  readonly layout?: OutputLayout;
  /**
   * Number every input's output names (`0001.pdf`, …) and keep the originals' names in
   * `file-names.csv` inside; names inside e-mails and archives are redacted either way.
   */
  readonly rename?: boolean;
  /** Replace an earlier run's outputs in the output folder instead of refusing to run. */
  readonly overwrite?: boolean;
  /** A recognizers file's types, terms, patterns and allow-list (already parsed and checked). */
  readonly recognizers?: UserRecognizerConfig;
  /**
   * Where `recognizers` came from: inside an input folder it is listed as skipped, since it is
   * the run's configuration, not a document of the client's.
   */
  readonly recognizersFile?: string;
  /** Where a detected value's other occurrences are redacted too; `document` by default. */
  readonly propagate?: PropagationScope;
  /** What replaces a detection in anonymised text; `redacted` ([TYPE REDACTED]) by default. */
  readonly placeholders?: PlaceholderMode;
  /** Where equal values get equal numbered or fake replacements; `document` by default. */
  readonly consistent?: ConsistencyScope;
  /** Seeds the fakes (`fake` mode); a random seed per run when not given. */
  readonly seed?: number;
  /** Write original → replacement here (as sensitive as the originals); not written otherwise. */
  readonly mappingFile?: string;
  /** Print each detection's replacement on its box in redacted copies. */
  readonly labelBoxes?: boolean;
  /** A fixed text over every box instead of the placeholder (an exemption code), or none. */
  readonly boxLabel?: string;
  /** The boxes' fill, one of src/domain/boxStyle's dark fills; black by default. */
  readonly boxFill?: string;
  /** Spreadsheets: columns, by header, whose every cell is redacted whole. */
  readonly columns?: readonly string[];
  /** Redacted Word copies keep images and embedded objects (removed by default). */
  readonly keepImages?: boolean;
  /** Redacted Word copies keep comments, with their detections replaced (removed by default). */
  readonly keepComments?: boolean;
}

export const DEFAULT_REDACT_OPTIONS: RedactOptions = {
  types: entityTypes.list(),
  formats: OUTPUT_FORMATS,
  ocr: 'auto',
  ner: true,
  concurrency: 2,
  dpi: 200,
  // The copy's invisible text is the anonymised text: it can be searched and copied from, and
  // holds nothing the pixels do not show (verifyRedactedPdf checks no value is in it).
  searchable: true,
  nerRequired: false,
};
