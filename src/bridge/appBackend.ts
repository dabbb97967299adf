/**
 * The plain-Node side of the app, shared by the HTTP bridge and Electron's main process: jobs,
 * results, export and settings. Transports (HTTP routes, IPC handlers) validate arguments with
 * ./apiValidation and call these methods; native dialogs stay in the transport that has them.
 */
import { createWriteStream } from 'node:fs';
import { access, mkdir, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { NotFoundError } from './backendErrors.js';
import type { ReviewDecisions, ReviewHistory } from '../domain/reviewDecisions.js';
import { fileSha256, ReviewStore } from './reviewStore.js';
import type { DetectionPolicy } from '../domain/detectionPolicy.js';
import { renderPageView } from './pageView.js';
import { applyReview } from './applyReview.js';
import { calibratedModelThreshold, calibratedTypeThresholds } from '../detect/nerLoader.js';
import { entityTypes } from '../domain/entityTypes.js';
import { hiddenByPolicy } from '../merge/hiddenByPolicy.js';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type {
  AppSettings,
  ExportRequest,
  ExportPreview,
  RenamedFile,
  PageView,
  ReviewedFile,
  ExportSummary,
  ExportProgress,
  JobFile,
  JobOptions,
} from '../api/finredactApi.js';
import type { FileResult } from '../domain/fileResult.js';
import type { ExpandedMail } from '../pipeline/containers/mailInputs.js';
import type { ExpandedArchive } from '../pipeline/containers/archiveInputs.js';
import type { WithEmbedded } from '../pipeline/containers/embeddedInputs.js';
import type { ContainerList } from '../pipeline/containers/containers.js';
import { openInputs } from '../pipeline/openInputs.js';
import { nameResults } from '../pipeline/outputNames.js';
import { exportDetector, exportResults } from './exportResults.js';
import { JobController } from './jobController.js';
import { createRunDetector } from '../pipeline/createRunDetector.js';
import { redactOptionsFor } from './redactOptionsFor.js';
import { optionsKey, type ExtractionCache } from './extractionCache.js';
import type { LaunchProcessingHost } from './processingProtocol.js';
import { SettingsStore } from './settingsStore.js';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Where each page's text starts (fragments in text order); see FileResult.pageStarts. */
function pageStarts(
  fragments: readonly { readonly page: number; readonly start: number }[],
  pages: number,
  end: number,
): number[] {
  const starts = new Array<number>(pages).fill(-1);
  for (const f of fragments) {
    const at = f.page - 1;
    if (at >= 0 && at < pages && (starts[at] === -1 || f.start < starts[at]!)) starts[at] = f.start;
  }
  let next = end;
  for (let p = pages - 1; p >= 0; p--) {
    if (starts[p] === -1) starts[p] = next;
    next = starts[p]!;
  }
  return starts;
}

export interface AppBackendOptions {
  readonly launchHost: LaunchProcessingHost;
  readonly settingsFile: string;
  /** Where the review in progress is saved (queue and decisions; never document text). */
  readonly reviewFile?: string;
  /** Where copies of files dropped into a browser are kept (the browser hides their paths). */
  readonly dropFolder: string;
  /** Processed files kept (encrypted) so a reload or restart does not process them again. */
  readonly cache?: ExtractionCache;
}

export class AppBackend {
  readonly jobs: JobController;
  private readonly settings: SettingsStore;
  private readonly review: ReviewStore;
  /** Each input file's root (the file or folder the user added), for the export's safety check. */
  private readonly roots = new Map<string, string>();
  /**
   * E-mails, archives and documents with embedded files opened this session, by their file: the
   * export rebuilds the first two's copies and names what all three hold.
   */
  private readonly mails = new Map<string, ExpandedMail>();
  private readonly archives = new Map<string, ExpandedArchive>();
  private readonly holders = new Map<string, WithEmbedded>();
  /** Cache writes under way: a shutdown waits for them. */
  private readonly cacheWrites = new Set<Promise<void>>();
  /** Each file's content hash and options key, to store its result in the cache when done. */
  private readonly cacheKeys = new Map<string, { hash: string; options: string }>();

  constructor(private readonly options: AppBackendOptions) {
    this.jobs = new JobController(options.launchHost, (result) => {
      const key = this.cacheKeys.get(result.file);
      // A cache that cannot be written costs a reprocessing later, nothing else.
      if (!key || !options.cache) return;
      const write: Promise<void> = options.cache
        .put(key.hash, key.options, result)
        .catch(() => undefined)
        .finally(() => this.cacheWrites.delete(write));
      this.cacheWrites.add(write);
    });
    this.settings = new SettingsStore(options.settingsFile);
    this.review = new ReviewStore(
      options.reviewFile ?? path.join(path.dirname(options.settingsFile), 'review.json'),
    );
  }

  async startJob(
    paths: readonly string[],
    options: JobOptions,
  ): Promise<{ jobId: string; files: JobFile[] }> {
    // An e-mail's attachments and an archive's files join the queue after it, as in `finredact
    // redact`, unpacked under the drop folder, which goes when the session ends; adding the
    // e-mail again in this session (a reload) gives its attachments the same paths, so the
    // decisions saved for them still apply. Hidden files and folders are listed for the CLI's
    // report; the queue is for documents, so they stay out of it.
    const opened = await openInputs(paths, path.join(this.options.dropFolder, 'opened'), (listed) =>
      listed.filter((i) => i.unprocessable?.status !== 'skipped'),
    );
    for (const mail of opened.mails) this.mails.set(mail.input.file, mail);
    for (const archive of opened.archives) this.archives.set(archive.input.file, archive);
    for (const holder of opened.holders) this.holders.set(holder.input.file, holder);
    const all = opened.inputs;
    // The archive's own row says only where its files went: the queue lists those files.
    const only = options.only ? new Set(options.only) : null;
    const inputs = all.filter(
      (i) => i.unprocessable?.status !== 'skipped' && (!only || only.has(i.file)),
    );
    for (const input of inputs) this.roots.set(input.file, input.root);
    const files = inputs.map(({ file, relativePath, unprocessable }) => ({
      file,
      relativePath,
      ...(unprocessable ? { unprocessable } : {}),
    }));
    await this.review.remember(inputs);
    return {
      jobId: this.jobs.start(files, options, await this.cachedResults(files, options)),
      files,
    };
  }

  /** The results the cache holds for these files' contents under these options. */
  private async cachedResults(
    files: readonly JobFile[],
    options: JobOptions,
  ): Promise<Map<string, FileResult>> {
    const found = new Map<string, FileResult>();
    const cache = this.options.cache;
    if (!cache) return found;
    const key = optionsKey(options);
    for (const f of files) {
      if (f.unprocessable) continue;
      const hash = await fileSha256(f.file).catch(() => undefined);
      if (!hash) continue;
      this.cacheKeys.set(f.file, { hash, options: key });
      const result = await cache.get(hash, key, f);
      if (result) found.set(f.file, result);
    }
    return found;
  }

  /** The result for review; page geometry stays here, since only the export's writers need it. */
  getResult(file: string): FileResult {
    const result = this.jobs.result(file);
    if (!result) throw new NotFoundError(`${file} has not been processed yet.`);
    const { fragments: geometry, ...forReview } = result;
    return geometry && result.pages
      ? { ...forReview, pageStarts: pageStarts(geometry, result.pages, result.text.length) }
      : forReview;
  }

  /**
   * The request with every saved decision in it: a file the reviewer decided on and did not open
   * again since a reload comes without decisions from the renderer, but its saved decisions are
   * still the reviewer's and must reach the export (when the file is unchanged since).
   */
  private async withSavedDecisions(request: ExportRequest): Promise<ExportRequest> {
    const saved = new Map((await this.review.load()).map((f) => [f.file, f]));
    const files = await Promise.all(
      request.files.map(async (f) => {
        const entry = saved.get(f.file);
        if (f.decisions || !entry?.decisions || !entry.sha256) return f;
        if ((await fileSha256(f.file).catch(() => '')) !== entry.sha256) return f;
        const text = this.jobs.result(f.file)?.text ?? '';
        const added = entry.decisions.added.map((s) => ({
          ...s,
          text: text.slice(s.start, s.end),
        }));
        return { file: f.file, decisions: { ...entry.decisions, added } };
      }),
    );
    return { ...request, files };
  }

  /** Where the patterns and the Settings' recognizers find `type` in a processed file. */
  async findByType(file: string, type: string): Promise<{ start: number; end: number }[]> {
    const result = this.jobs.result(file);
    if (!result) throw new NotFoundError(`${file} has not been processed yet.`);
    const settings = await this.settings.load();
    const detector = await createRunDetector(
      redactOptionsFor({
        types: [type],
        ocr: 'never',
        ner: false,
        recognizers: settings.recognizers,
      }),
      () => undefined,
    );
    try {
      return (await detector.detect(result.text))
        .filter((s) => s.type === type)
        .map((s) => ({ start: s.start, end: s.end }));
    } finally {
      await detector.close?.();
    }
  }

  /** The export in progress, for the dialog's progress bar and estimate. */
  private progress: { done: number; total: number; started: number } | null = null;

  async exportProgress(): Promise<ExportProgress | null> {
    const p = this.progress;
    return p ? { done: p.done, total: p.total, elapsedMs: Date.now() - p.started } : null;
  }

  async exportResults(request: ExportRequest): Promise<ExportSummary> {
    const lookup = (file: string) => {
      const result = this.jobs.result(file);
      return result ? { result, root: this.roots.get(file) ?? file } : undefined;
    };
    const progress = { done: 0, total: request.files.length, started: Date.now() };
    this.progress = progress;
    try {
      return await exportResults(
        await this.withSavedDecisions(request),
        lookup,
        await this.settings.load(),
        this.containersOf(request),
        (done) => {
          progress.done = done;
        },
      );
    } finally {
      if (this.progress === progress) this.progress = null;
    }
  }

  async previewExport(asked: ExportRequest): Promise<ExportPreview> {
    const request = await this.withSavedDecisions(asked);
    const typeThresholds = calibratedTypeThresholds();
    const baseline = {
      types: entityTypes.list(),
      modelThreshold: calibratedModelThreshold(),
      ...(Object.keys(typeThresholds).length > 0 ? { typeThresholds } : {}),
    };
    const hiddenByType: Record<string, number> = {};
    let hidden = 0;
    for (const { file, decisions } of request.files) {
      const result = this.jobs.result(file);
      if (result?.status !== 'ok') continue;
      const candidates = result.candidates ?? result.spans;
      for (const s of hiddenByPolicy(
        result.text,
        candidates,
        request.policy,
        baseline,
        decisions,
      )) {
        hiddenByType[s.type] = (hiddenByType[s.type] ?? 0) + 1;
        hidden++;
      }
    }
    return { hiddenByType, hidden, baseline };
  }

  /** The e-mails an export of `request` rebuilds (those it exports) and every opened archive. */
  private containersOf(request: ExportRequest): ContainerList {
    const exported = new Set(request.files.map((f) => f.file));
    return {
      mails: [...this.mails.values()].filter((m) => exported.has(m.input.file)),
      archives: [...this.archives.values()],
      holders: [...this.holders.values()],
    };
  }

  async previewNames(request: ExportRequest): Promise<RenamedFile[]> {
    // Names do not depend on the review's decisions: none are read for them.
    const containers = this.containersOf(request);
    if (
      containers.mails.length === 0 &&
      containers.archives.length === 0 &&
      containers.holders.length === 0
    )
      return [];
    const results = request.files.flatMap((f) => this.jobs.result(f.file) ?? []);
    const detector = await exportDetector(request, await this.settings.load());
    try {
      const named = await nameResults(results, containers, detector);
      const shown = new Map(results.map((r) => [r.file, r.relativePath]));
      return named.results.flatMap((r) => {
        const from = shown.get(r.file);
        return from !== undefined && from !== r.relativePath ? [{ from, to: r.relativePath }] : [];
      });
    } finally {
      await detector.close?.();
    }
  }

  async getPageView(
    file: string,
    page: number,
    policy: DetectionPolicy,
    decisions?: ReviewDecisions,
  ): Promise<PageView> {
    const stored = this.jobs.result(file);
    if (!stored) throw new NotFoundError(`${file} has not been processed yet.`);
    const reviewed = applyReview(stored, policy, decisions);
    const view = await renderPageView(reviewed, page, reviewed.spans).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new NotFoundError(
          `${path.basename(file)} is no longer where it was processed, so its pages cannot be shown; add it again.`,
        );
      throw error;
    });
    return {
      ...view,
      boxes: view.boxes.map(({ box, type, spanIndex }) => {
        const span = reviewed.spans[spanIndex];
        return span ? { box, type, start: span.start, end: span.end } : { box, type };
      }),
    };
  }

  async getReview(): Promise<ReviewedFile[]> {
    const saved = await this.review.load();
    const cache = this.options.cache;
    // Each present file's content hash, read once: for its decisions and for the cache.
    const hashes: string[] = [];
    const files = await Promise.all(
      saved.map(
        async ({ file, root, sha256, decisions, history }): Promise<ReviewedFile | undefined> => {
          // Gone (a dropped file's private copy is deleted when the session ends): forgotten.
          if (!(await exists(file))) return undefined;
          // Only files with decisions (or a cache to keep) are read.
          const hash = decisions || cache ? await fileSha256(file).catch(() => '') : '';
          if (hash !== '') hashes.push(hash);
          if (!decisions) return { file, root, changed: false };
          // Their decisions must be about this content.
          const changed = hash !== sha256;
          if (changed) {
            await this.review.forgetDecisions(file);
            return { file, root, changed };
          }
          // Added spans were saved without their text; the unchanged file gives it back.
          const text = this.jobs.result(file)?.text;
          const withText = (d: ReviewDecisions): ReviewDecisions => ({
            ...d,
            added: d.added.map((s) => ({ ...s, text: text?.slice(s.start, s.end) ?? '' })),
          });
          return {
            file,
            root,
            changed,
            decisions: withText(decisions),
            ...(history
              ? {
                  history: {
                    past: history.past.map(withText),
                    future: history.future.map(withText),
                  },
                }
              : {}),
          };
        },
      ),
    );
    const present = files.filter((f): f is ReviewedFile => f !== undefined);
    await this.review.keepOnly(new Set(present.map((f) => f.file)));
    // The cache goes with the queue: what no queued file holds any more is deleted.
    await cache?.keepOnly(hashes);
    return present;
  }

  async saveReview(
    file: string,
    decisions: ReviewDecisions,
    history?: ReviewHistory,
  ): Promise<void> {
    await this.review.saveDecisions(file, decisions, history);
  }

  async removeFromQueue(file: string): Promise<void> {
    this.jobs.forget(file);
    await this.review.forget(file);
    // Only FinRedact's own private copy of a dropped file (`<drop folder>/<id>/<name>`, as
    // storeDroppedFile writes it) is deleted, never a file the user added.
    if (path.dirname(path.dirname(file)) === path.resolve(this.options.dropFolder)) {
      await rm(path.dirname(file), { recursive: true, force: true });
    }
  }

  getSettings(): Promise<AppSettings> {
    return this.settings.load();
  }

  saveSettings(settings: unknown): Promise<AppSettings> {
    return this.settings.save(settings);
  }

  /**
   * Streams a dropped file's bytes to disk under its own name (in a folder of its own) and
   * returns the path; never holds the file in memory. A name that is no file name ("", ".",
   * "..") becomes "dropped-file".
   */
  async storeDroppedFile(name: string, bytes: Readable | Uint8Array): Promise<string> {
    const base = path.basename(name).replace(/[\0/\\]/g, '_');
    const safeName = base === '' || base === '.' || base === '..' ? 'dropped-file' : base;
    const dir = path.join(this.options.dropFolder, randomUUID());
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, safeName);
    try {
      await pipeline(
        bytes instanceof Uint8Array ? [bytes] : bytes,
        createWriteStream(file, { flags: 'wx' }),
      );
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return file;
  }

  /**
   * Stops running jobs and deletes the private copies of dropped files: they hold the very
   * personal data this tool exists to protect, so they must not outlive the session.
   */
  async dispose(): Promise<void> {
    this.jobs.dispose();
    await Promise.all(this.cacheWrites);
    await rm(this.options.dropFolder, { recursive: true, force: true });
  }
}
