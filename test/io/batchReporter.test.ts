import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  BatchReporter,
  formatFailureLine,
  formatSummaryLine,
} from '../../src/cli/batchReporter.js';
import { makeSpan } from '../../src/domain/span.js';
import type { FileResult } from '../../src/domain/fileResult.js';

function sink(isTTY: boolean): Writable & { isTTY: boolean; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  }) as Writable & { isTTY: boolean; text: () => string; columns: number };
  stream.isTTY = isTTY;
  stream.columns = 100;
  stream.text = () => chunks.join('');
  return stream;
}

const ok: FileResult = {
  file: '/in/a.txt',
  relativePath: 'a.txt',
  status: 'ok',
  warnings: ['w'],
  text: 'mail jane@example.com',
  spans: [makeSpan('mail jane@example.com', 5, 21, 'EMAIL', 1, 'pattern')],
  anonymized: 'mail [EMAIL REDACTED]',
};
const failed: FileResult = {
  file: '/in/sub/b.pdf',
  relativePath: 'sub/b.pdf',
  status: 'error',
  error: 'b.pdf: the PDF is damaged; export it again',
  warnings: [],
  text: '',
  spans: [],
  anonymized: '',
};

describe('BatchReporter', () => {
  it('is quiet without a TTY: only notices, failures and the summary', () => {
    const stdout = sink(false);
    const stderr = sink(false);
    const reporter = new BatchReporter({ stdout, stderr });
    reporter.onEvent({ type: 'notice', message: 'model missing' });
    reporter.onEvent({ type: 'collected', inputs: [] });
    reporter.onEvent({ type: 'file-done', index: 0, result: ok, done: 1, total: 2 });
    reporter.printResults([ok, failed], 'out');
    expect(stderr.text()).toBe(
      'notice: model missing\n✗ sub/b.pdf: the PDF is damaged; export it again\n',
    );
    expect(stdout.text()).toBe(
      '1 of 2 files redacted, 1 failed, 1 detection, 1 warning (see the Summary sheet) → out\n',
    );
  });

  it('draws a progress bar on a TTY and clears it before the summary', () => {
    const stdout = sink(false);
    const stderr = sink(true);
    const reporter = new BatchReporter({ stdout, stderr });
    const inputs = [ok, failed].map((r) => ({
      file: r.file,
      relativePath: r.relativePath,
      root: '/in',
    }));
    reporter.onEvent({ type: 'collected', inputs });
    reporter.onEvent({ type: 'file-done', index: 0, result: ok, done: 1, total: 2 });
    reporter.onEvent({ type: 'file-done', index: 1, result: failed, done: 2, total: 2 });
    reporter.printResults([ok, failed], 'out');
    expect(stderr.text()).toMatch(/Redacting .* 0\/2 files/);
    expect(stderr.text()).toMatch(/✗ sub\/b\.pdf: the PDF is damaged/);
  });
});

describe('summary and failure lines', () => {
  it('pluralises and omits zero counts', () => {
    expect(formatSummaryLine([ok], 'o')).toBe(
      '1 of 1 file redacted, 1 detection, 1 warning (see the Summary sheet) → o',
    );
    expect(formatSummaryLine([], 'o')).toBe('0 of 0 files redacted, 0 detections → o');
  });

  it('prefixes the folder to an error that starts with the file name, or the whole path otherwise', () => {
    expect(formatFailureLine(failed)).toBe('✗ sub/b.pdf: the PDF is damaged; export it again');
    expect(formatFailureLine({ ...failed, error: 'something else' })).toBe(
      '✗ sub/b.pdf: something else',
    );
  });
});
