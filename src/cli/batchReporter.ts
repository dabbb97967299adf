/**
 * What the user sees while a batch runs: a progress bar on an interactive terminal (stderr), and
 * nothing on a pipe or in CI except notices; then one line per failed file and a one-line summary.
 */
import type { OutputLayout } from '../domain/outputLayout.js';
import { SHAREABLE_DIR } from '../pipeline/outputPaths.js';
import cliProgress from 'cli-progress';
import { posix } from 'node:path';
import { detectionCount, type FileResult } from '../domain/fileResult.js';
import type { BatchEvent } from '../pipeline/runBatch.js';

export interface ReporterStreams {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** Keeps the bar on one line: long paths are cut from the left, where they matter least. */
function shorten(text: string, max = 50): string {
  return text.length <= max ? text : '…' + text.slice(text.length - max + 1);
}

export class BatchReporter {
  private bar: cliProgress.SingleBar | undefined;

  constructor(private readonly streams: ReporterStreams) {}

  readonly onEvent = (event: BatchEvent): void => {
    switch (event.type) {
      case 'collected':
        if (this.streams.stderr.isTTY && event.inputs.length > 0) {
          this.bar = new cliProgress.SingleBar(
            {
              stream: this.streams.stderr,
              format: 'Redacting {bar} {value}/{total} files | {file}',
              hideCursor: true,
              clearOnComplete: true,
            },
            cliProgress.Presets.shades_classic,
          );
          this.bar.start(event.inputs.length, 0, { file: '' });
        }
        break;
      case 'notice':
        this.printLine(`notice: ${event.message}`);
        break;
      case 'file-start':
      case 'file-progress':
        this.bar?.update({ file: shorten(event.relativePath) });
        break;
      case 'file-done':
        this.bar?.update(event.done, { file: shorten(event.result.relativePath) });
        break;
      case 'writing':
        this.bar?.update({ file: shorten(event.message) });
        break;
      case 'done':
        this.stopBar();
        break;
    }
  };

  /**
   * A line on stderr. Notices come before the bar starts; should one come later, the bar is
   * stopped first, because cli-progress restores its saved cursor position and would overwrite it.
   */
  private printLine(line: string): void {
    this.stopBar();
    this.streams.stderr.write(line + '\n');
  }

  stopBar(): void {
    this.bar?.stop();
    this.bar = undefined;
  }

  /**
   * One stderr line per failed file, then the summary on stdout, and what may leave in `layout`
   * (none: the run wrote only reports, which stay inside).
   */
  printResults(results: readonly FileResult[], outDir: string, layout?: OutputLayout): void {
    this.stopBar();
    for (const r of results) {
      if (r.status === 'error') this.streams.stderr.write(formatFailureLine(r) + '\n');
    }
    this.streams.stdout.write(formatSummaryLine(results, outDir) + '\n');
    if (layout) this.streams.stdout.write(layout === 'flat' ? FLAT_LINES : LAYOUT_LINES);
  }
}

/**
 * Error messages start with the file's base name; the line shows its folder too, so
 * `sub/x.pdf: the PDF is damaged…` rather than repeating the name.
 */
export function formatFailureLine(result: FileResult): string {
  const error = result.error ?? 'failed';
  const name = posix.basename(result.relativePath);
  const folder = posix.dirname(result.relativePath);
  if (error.startsWith(`${name}: `)) return `✗ ${folder === '.' ? '' : folder + '/'}${error}`;
  return `✗ ${result.relativePath}: ${error}`;
}

/** What each part of the split layout is, said after every run that writes it. */
export const LAYOUT_LINES =
  `  ${SHAREABLE_DIR}/    may be handed out: redacted copies, anonymised text, a Results.xlsx without original values\n` +
  `  the rest      keep inside: Results.xlsx and detections.jsonl hold every value found\n`;

/** The flat layout mixes both kinds in one folder; the reader is told which is which. */
export const FLAT_LINES =
  `  redacted/, anonymized/  may be handed out\n` +
  `  the rest                keep inside: Results.xlsx and detections.jsonl hold every value found\n`;

export function formatSummaryLine(results: readonly FileResult[], outDir: string): string {
  const failed = results.filter((r) => r.status === 'error').length;
  const skipped = results.filter((r) => r.status === 'skipped').length;
  const ok = results.length - failed - skipped;
  const spans = results.reduce((n, r) => n + detectionCount(r), 0);
  const warnings = results.reduce((n, r) => n + r.warnings.length, 0);
  const parts = [
    `${ok} of ${results.length} file${results.length === 1 ? '' : 's'} redacted`,
    ...(failed > 0 ? [`${failed} failed`] : []),
    ...(skipped > 0 ? [`${skipped} skipped (listed with the reason in the Summary sheet)`] : []),
    `${spans} detection${spans === 1 ? '' : 's'}`,
    ...(warnings > 0
      ? [`${warnings} warning${warnings === 1 ? '' : 's'} (see the Summary sheet)`]
      : []),
  ];
  return `${parts.join(', ')} → ${outDir}`;
}
