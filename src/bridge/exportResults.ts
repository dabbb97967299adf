/**
 * Export after review: each file's spans are resolved here, in the backend, from its stored
 * candidates, the request's policy and the reviewer's decisions, and go through the CLI's own
 * writers, so the app's Results.xlsx, anonymised text and redacted copies are exactly the CLI's
 * plus the reviewer's corrections (added spans carry `source: 'manual'`).
 */
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type {
  AppSettings,
  ExportRequest,
  ExportSummary,
  FileFindings,
} from '../api/finredactApi.js';
import { checkOutputLocation } from '../pipeline/checkOutputLocation.js';
import { detectionsByType, type FileResult } from '../domain/fileResult.js';
import { clearEarlierOutputs } from '../pipeline/earlierOutputs.js';
import { writeReviewedRun } from '../pipeline/processRun.js';
import { applyReview } from './applyReview.js';
import { randomInt } from 'node:crypto';
import { redactOptionsFor } from './redactOptionsFor.js';
import { createRunDetector } from '../pipeline/createRunDetector.js';
import type { ContainerList } from '../pipeline/containers/containers.js';
import type { Detector } from '../detect/engine.js';

/** The review's export is staged in a folder of this name inside the export folder. */
const STAGING_PREFIX = '.finredact-export-';

export interface StoredInput {
  readonly result: FileResult;
  /** The file or folder the user added that led to this file; outputs may not go inside it. */
  readonly root: string;
}

export async function exportResults(
  request: ExportRequest,
  lookup: (file: string) => StoredInput | undefined,
  settings: AppSettings,
  opened: ContainerList = { mails: [], archives: [], holders: [] },
  /** Called as each file's outputs are written, with how many are. */
  onFileWritten?: (done: number) => void,
): Promise<ExportSummary> {
  const audit = { reviewer: settings.reviewer, at: new Date().toISOString() };
  const reviewed = request.files.map(({ file, decisions }) => {
    const stored = lookup(file);
    if (!stored) throw new Error(`${file} has not been processed in this session; add it again.`);
    return {
      result: applyReview(stored.result, request.policy, decisions, audit),
      root: stored.root,
    };
  });
  const outDir = path.resolve(request.outputFolder);
  await checkOutputLocation(outDir, [...new Set(reviewed.map((i) => i.root))]);
  // Every copy is read back as the CLI's are, by the export's own detector (policy, model
  // threshold and recognizers as reviewed); what the reviewer rejected stays rejected. It names
  // the files inside e-mails and archives too, as the CLI does (the dialog's preview lists them).
  const detector = await exportDetector(request, settings);
  try {
    return await exportReviewed(
      request,
      reviewed,
      outDir,
      settings,
      detector,
      opened,
      onFileWritten,
    );
  } finally {
    await detector.close?.();
  }
}

/** The detector an export reads names and copies with: the review's policy and Settings'. */
export function exportDetector(
  request: Pick<ExportRequest, 'policy'>,
  settings: AppSettings,
): Promise<Detector> {
  return createRunDetector(
    {
      ...redactOptionsFor({
        types: request.policy.types,
        ocr: settings.ocr,
        ner: settings.ner,
        recognizers: settings.recognizers,
      }),
      nerThreshold: request.policy.modelThreshold,
    },
    () => undefined,
  );
}

async function exportReviewed(
  request: ExportRequest,
  reviewed: readonly StoredInput[],
  outDir: string,
  settings: AppSettings,
  detector: Detector,
  given: ContainerList,
  onFileWritten?: (done: number) => void,
): Promise<ExportSummary> {
  const boxes = request.boxes;
  const options = {
    ...redactOptionsFor({ types: request.policy.types, ocr: settings.ocr, ner: settings.ner }),
    // The Settings' placeholder mode; fakes are drawn afresh for each export (a random seed).
    placeholders: settings.placeholders,
    consistent: settings.consistent,
    seed: randomInt(2 ** 31 - 1),
    // Acrobat's overlay options: the placeholder or a typed code over each box, and its fill.
    ...(boxes?.overlay === 'placeholder' ? { labelBoxes: true } : {}),
    ...(boxes?.overlay === 'code' && boxes.code ? { boxLabel: boxes.code } : {}),
    ...(boxes ? { boxFill: boxes.fill } : {}),
    ...(request.layout ? { layout: request.layout } : {}),
  };
  // A review's export is written to a folder of its own inside the output folder first: when
  // reading the copies back finds values the reviewer has not seen, they go back to the review
  // and nothing reaches the output folder. Inside it, so the move is a rename on one disk.
  const hold = request.holdFindings === true;
  let target = outDir;
  if (hold) {
    await mkdir(outDir, { recursive: true });
    // An export the app was killed in left its folder, internal reports and all: it goes now.
    for (const name of await readdir(outDir)) {
      if (name.startsWith(STAGING_PREFIX))
        await rm(path.join(outDir, name), { recursive: true, force: true });
    }
    target = await mkdtemp(path.join(outDir, STAGING_PREFIX));
  } else {
    // Exporting again replaces the earlier export: its anonymised and redacted files for inputs
    // no longer exported must not linger next to the new Results.xlsx.
    await clearEarlierOutputs(outDir);
  }
  let written: readonly string[];
  let exported: readonly FileResult[];
  try {
    // As `finredact redact` does: the names inside containers redacted, each file's copy and
    // text, archives packed, then each e-mail rebuilt and read back from its redacted text and
    // its attachments' copies; then the reports, and the names read beside them.
    ({ results: exported, written } = await writeReviewedRun(
      reviewed.map((i) => i.result),
      given,
      target,
      options,
      detector,
      (_message, progress) => {
        if (progress) onFileWritten?.(progress.done);
      },
    ));
    if (hold) {
      const findings = heldFindings(exported);
      if (findings.length > 0)
        return { outputFolder: outDir, written: [], counts: [], failed: [], findings };
      await clearEarlierOutputs(outDir);
      for (const name of await readdir(target)) {
        await rename(path.join(target, name), path.join(outDir, name));
      }
      written = written.map((f) => path.join(outDir, path.relative(target, f)));
    }
  } finally {
    if (hold) await rm(target, { recursive: true, force: true });
  }
  // A file that could not be read has no count: a 0 in the chart would read as "nothing to redact".
  // The counts are of what was written (a large sheet's totals, the read-back's additions), the
  // same count as the queue's and the Summary sheet's.
  const unread = new Set(
    reviewed.filter(({ result }) => result.status === 'error').map(({ result }) => result.file),
  );
  const counts = exported
    .filter((r) => !unread.has(r.file))
    .map((r) => ({ file: r.relativePath, perType: detectionsByType(r) }));
  const failed = exported
    .filter((r) => r.status === 'error')
    .map((r) => ({ file: r.file, error: r.error ?? 'failed' }));
  return { outputFolder: outDir, written: [...written].sort(), counts, failed, findings: [] };
}

/** What reading the copies back added to each document (source `read-back`), for the review. */
function heldFindings(exported: readonly FileResult[]): FileFindings[] {
  return exported
    .map((r) => ({
      file: r.file,
      relativePath: r.relativePath,
      findings: r.spans
        .filter((s) => s.source === 'read-back')
        .map((s) => ({
          start: s.start,
          end: s.end,
          type: s.type,
          text: r.text.slice(s.start, s.end),
        })),
    }))
    .filter((f) => f.findings.length > 0);
}
