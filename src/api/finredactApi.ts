/**
 * The one interface the renderer talks to. Electron's preload implements it over IPC; the local
 * HTTP bridge implements it over fetch, so the same UI runs in Electron and in a plain browser.
 *
 * Types only, and only plain data crosses it (JSON-serialisable), because every implementation
 * sends it between processes. No Node or DOM imports here: `renderer/`, `electron/` and
 * `src/bridge/` all depend on this file and it depends only on the domain types.
 */
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import type { OutputLayout } from '../domain/outputLayout.js';
import type { EntityType, EntityTypeInfo } from '../domain/entityTypes.js';
import type { PageView, PageViewBox } from '../domain/pageView.js';
import type { ReviewDecisions, ReviewHistory } from '../domain/reviewDecisions.js';
import type { Span } from '../domain/span.js';
import type { ConsistencyScope, PlaceholderMode } from '../domain/placeholderMode.js';
import type { FileResult, OcrMode } from '../domain/fileResult.js';

export type {
  DetectionPolicy,
  EntityType,
  Span,
  FileResult,
  OcrMode,
  PageView,
  PageViewBox,
  ReviewDecisions,
  ReviewHistory,
};

/** What the user can change in Settings; persisted between runs by the backend. */
export interface AppSettings {
  /** Entity types to detect and redact. */
  readonly types: readonly EntityType[];
  /**
   * The detection policy's model threshold in [0, 1]: model detections below it are not
   * redacted. Validated pattern detections and the reviewer's own never depend on it. Defaults
   * to the model's calibrated threshold.
   */
  readonly threshold: number;
  readonly ocr: OcrMode;
  /** Default export folder; empty until the user picks one. */
  readonly outputFolder: string;
  /** Run the NER model (NAME, COMPANY, ADDRESS); off leaves only the validated patterns. */
  readonly ner: boolean;
  /** Who reviews: recorded with every decision in the Review sheet; the OS user by default. */
  readonly reviewer: string;
  /**
   * The user's own recognizers file, as YAML text (README "Your own recognizers"): types, terms,
   * patterns and an allow-list. Empty: none.
   */
  readonly recognizers: string;
  /** Redact a detected value's other occurrences in its document, or not. */
  readonly propagate: 'document' | 'off';
  /** What replaces a detection in the exported text (README "Placeholders"). */
  readonly placeholders: PlaceholderMode;
  /** Numbered and fake: equal values replaced alike in each document, or across the export. */
  readonly consistent: ConsistencyScope;
}

/** A recognizers text as the backend reads it, tried on a sample (Settings' preview). */
export type RecognizersCheck =
  | {
      readonly ok: true;
      /** The types the text declares, as registered: the renderer registers them too. */
      readonly types: readonly EntityTypeInfo[];
      readonly allow: readonly string[];
      /** What the validated patterns and the text's recognizers find in the sample. */
      readonly spans: readonly Span[];
      readonly anonymized: string;
    }
  | { readonly ok: false; readonly error: string };

/** Which optional capabilities this implementation has (native dialogs exist only in Electron). */
export interface ApiCapabilities {
  readonly platform: 'electron' | 'web';
  /** Native open/save dialogs; without them the UI offers a path field instead. */
  readonly nativeDialogs: boolean;
  readonly version: string;
  /** The model's calibrated threshold (the default of the review's slider). */
  readonly modelThreshold: number;
  /** Per-type thresholds from the model's curves, in force while the slider is at the default. */
  readonly modelTypeThresholds: Readonly<Record<string, number>>;
}

export interface JobOptions {
  readonly types: readonly EntityType[];
  readonly ocr: OcrMode;
  readonly ner: boolean;
  /** The recognizers text of Settings (YAML); empty or absent: none. */
  readonly recognizers?: string;
  /**
   * Only these files of what the paths expand to (a restore brings back the saved queue, not
   * what has come into its folders since, nor a file the reviewer removed from it).
   */
  readonly only?: readonly string[];
}

/** One input file of a job, after folders have been expanded. */
export interface JobFile {
  /** Absolute path; the key for getResult and export. */
  readonly file: string;
  /** An e-mail's attachment is `<mail>/attachments/<name>`, an archive's file `<archive>/<path>`. */
  readonly relativePath: string;
  /** Listed but not processed (an archive too large to open), with the reason its result gives. */
  readonly unprocessable?: { readonly status: 'skipped' | 'error'; readonly message: string };
}

export type FileStatus = 'queued' | 'processing' | 'done' | 'error' | 'cancelled';

/** Progress of one job, delivered in order; `seq` lets a poller resume where it left off. */
export type JobEvent =
  | {
      readonly seq: number;
      readonly jobId: string;
      readonly kind: 'queued';
      readonly files: readonly JobFile[];
    }
  | {
      readonly seq: number;
      readonly jobId: string;
      readonly kind: 'file-started';
      readonly file: string;
    }
  | {
      readonly seq: number;
      readonly jobId: string;
      readonly kind: 'file-progress';
      readonly file: string;
      readonly message: string;
    }
  | {
      readonly seq: number;
      readonly jobId: string;
      readonly kind: 'file-done';
      readonly file: string;
      readonly status: 'ok' | 'error' | 'cancelled';
      readonly error?: string;
      readonly spanCount: number;
    }
  /** Something the user should know about the whole job, e.g. the model is not installed. */
  | {
      readonly seq: number;
      readonly jobId: string;
      readonly kind: 'notice';
      readonly message: string;
    }
  | {
      readonly seq: number;
      readonly jobId: string;
      readonly kind: 'job-done';
      readonly cancelled: boolean;
      /** Set when the job as a whole failed (e.g. the detector could not load). */
      readonly error?: string;
    };

export type JobEventListener = (event: JobEvent) => void;

/**
 * One file to export. Its spans are worked out by the backend from the stored candidates, the
 * request's policy and these decisions (none for a document nobody opened).
 */
export interface ExportFile {
  readonly file: string;
  readonly decisions?: ReviewDecisions;
}

export interface ExportRequest {
  readonly outputFolder: string;
  /** The policy the reviewer sees: the same one decides what every output redacts. */
  readonly policy: DetectionPolicy;
  readonly files: readonly ExportFile[];
  /** How the copies' boxes look (src/domain/boxStyle): black and bare unless said. */
  readonly boxes?: ExportBoxes;
  /**
   * The review's export: values that reading the copies back finds, and that the reviewer has
   * neither added nor rejected, come back as `findings` and nothing is written. Without it (a
   * batch nobody reviews) they are added and the copies rebuilt, as `finredact redact` does.
   */
  readonly holdFindings?: boolean;
  /** `split` (the app's): shareable/ and internal/ (src/pipeline/outputPaths); `flat` if absent. */
  readonly layout?: OutputLayout;
}

/** A value reading a copy back found in a document, which the review has not shown. */
export interface HeldFinding {
  readonly start: number;
  readonly end: number;
  readonly type: EntityType;
  readonly text: string;
}

/** One document's read-back findings, held for the reviewer. */
export interface FileFindings {
  readonly file: string;
  readonly relativePath: string;
  readonly findings: readonly HeldFinding[];
}

export interface ExportProgress {
  /** Files whose outputs are written, of `total`. */
  readonly done: number;
  readonly total: number;
  /** Milliseconds since the export started: with `done`, what is left can be estimated. */
  readonly elapsedMs: number;
}

export interface ExportBoxes {
  /** One of BOX_FILLS' colours. */
  readonly fill: string;
  /** Text over each box: none, its placeholder, or `code` (an exemption code). */
  readonly overlay: 'none' | 'placeholder' | 'code';
  readonly code?: string;
}

/** A file of the saved review (the queue and decisions of the last session). */
export interface ReviewedFile {
  readonly file: string;
  /** The file or folder that was added to bring it in: what a restore adds again. */
  readonly root: string;
  /** Decisions saved for it; added spans carry their text again. */
  readonly decisions?: ReviewDecisions;
  /** Its undo and redo steps, so a reload keeps what Undo can take back. */
  readonly history?: ReviewHistory;
  /** The file changed (or vanished) since it was reviewed: its decisions must not be applied. */
  readonly changed: boolean;
}

/** What an export with a request's policy would leave in clear that the defaults redact. */
export interface ExportPreview {
  /** Detections hidden by the policy's filters, per type. */
  readonly hiddenByType: Readonly<Record<EntityType, number>>;
  readonly hidden: number;
  /** The default policy they are measured against: every type, the calibrated threshold. */
  readonly baseline: DetectionPolicy;
}

/** A file inside an e-mail or archive whose name the export writes redacted. */
export interface RenamedFile {
  readonly from: string;
  readonly to: string;
}

export interface ExportSummary {
  readonly outputFolder: string;
  /** Absolute paths of every file written, sorted. */
  readonly written: readonly string[];
  /** Redactions per type in each exported document, for the summary's chart. */
  readonly counts: readonly {
    readonly file: string;
    readonly perType: Readonly<Record<EntityType, number>>;
  }[];
  /**
   * Files whose outputs are incomplete, each with its reason (a redacted copy not written, because
   * reading it back found something still readable, or the original was gone). Empty when every
   * file was exported whole.
   */
  readonly failed: readonly { readonly file: string; readonly error: string }[];
  /**
   * With `holdFindings`: the documents whose copies showed values the review has not decided.
   * When any is listed nothing was written (`written` is empty) until they are decided.
   */
  readonly findings?: readonly FileFindings[];
}

export interface FinRedactApi {
  capabilities(): Promise<ApiCapabilities>;

  /** Native file dialog; resolves to [] when the user cancels or no dialog exists. */
  pickFiles(): Promise<string[]>;
  /** Native folder dialog; resolves to null when the user cancels or no dialog exists. */
  pickFolder(): Promise<string | null>;
  /**
   * Paths of files dropped onto the window. Electron resolves real paths; a browser cannot see
   * them, so the bridge receives the bytes and stores a private copy to process instead.
   */
  pathsForDroppedFiles(files: readonly DroppedFile[]): Promise<string[]>;

  /** Expands folders recursively and starts processing off the UI thread. */
  startJob(
    paths: readonly string[],
    options: JobOptions,
  ): Promise<{ jobId: string; files: JobFile[] }>;
  /** Delivers every event of the job from the first one on; returns an unsubscribe function. */
  subscribe(jobId: string, listener: JobEventListener): () => void;
  cancelJob(jobId: string): Promise<void>;
  /** The stored result of a processed file (text, detected spans, anonymised text). */
  getResult(file: string): Promise<FileResult>;

  /** Writes Results.xlsx, anonymised text and redacted copies with the reviewer's corrections. */
  exportResults(request: ExportRequest): Promise<ExportSummary>;
  /** Page `page` of a processed PDF with the boxes its redacted copy would get under `policy`. */
  getPageView(
    file: string,
    page: number,
    policy: DetectionPolicy,
    decisions?: ReviewDecisions,
  ): Promise<PageView>;
  /** The saved review: every file queued so far and the decisions about each. */
  getReview(): Promise<ReviewedFile[]>;
  /** Saves one document's decisions (and its undo history) as the reviewer works. */
  saveReview(file: string, decisions: ReviewDecisions, history?: ReviewHistory): Promise<void>;
  /**
   * Takes a file out of the queue: its result and saved review are forgotten, so it is neither
   * exported nor brought back on restart; a dropped file's private copy is deleted. The file the
   * user added is never touched.
   */
  removeFromQueue(file: string): Promise<void>;
  /** Counts what the request's filters would leave in clear; asked before an export is written. */
  previewExport(request: ExportRequest): Promise<ExportPreview>;
  /**
   * The names inside e-mails and archives an export of `request` writes redacted, as the CLI
   * names them ("Jane_Doe_cv.pdf" → "[NAME REDACTED]_cv.pdf"): an attachment's name is content.
   * Asked apart from previewExport, since it reads the names with the model.
   */
  previewNames(request: ExportRequest): Promise<readonly RenamedFile[]>;
  /**
   * Search and redact by kind rather than by term: where the validated patterns (card numbers,
   * IBANs and accounts, phones, e-mails, SSNs, tax ids) or the Settings' recognizers find `type`
   * in a processed file's text, whatever the filters and the model say.
   */
  findByType(file: string, type: EntityType): Promise<readonly { start: number; end: number }[]>;
  /** How far the export in progress is; null when none runs. Polled while exporting. */
  exportProgress(): Promise<ExportProgress | null>;

  getSettings(): Promise<AppSettings>;
  saveSettings(settings: AppSettings): Promise<AppSettings>;
  /** Reads a recognizers text and tries it on `sample`; a mistake comes back as its message. */
  checkRecognizers(recognizers: string, sample: string): Promise<RecognizersCheck>;
}

/**
 * A dropped file as the renderer sees it. Structural so this file needs no DOM types: in the
 * renderer it is a DOM `File`.
 */
export interface DroppedFile {
  readonly name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}
