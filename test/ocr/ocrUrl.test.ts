/**
 * A clean 200-DPI PNG of a statement in small type, whose URL OCR misreads (here it drops a
 * slash: "https:/netserv.com/track"; other pages give "https: //…"): the URL is detected as
 * read, and the redacted PNG no longer shows it, read back by OCR.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { closeOcr } from '../../src/extract/ocr/ocrPool.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { textPng } from './helpers/textPng.js';

const LINES = [
  'NetServ Statement of account',
  'Account summary for November',
  'Opening balance 1,204.50',
  'Payments received 300.00',
  'Track your parcel at https://netserv.com/track.',
  'Questions? Write to help.desk@netserv.com',
];

let dir: string;
let input: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-ocr-url-'));
  // A4 width at 200 DPI, 8 pt text: a statement's small print, saved as PNG.
  input = path.join(dir, 'in', 'statement.png');
  await mkdir(path.dirname(input), { recursive: true });
  await writeFile(input, textPng(1654, 700, 22, LINES, { x: 120, y: 120, step: 80 }));
});
afterAll(async () => {
  await closeOcr();
  await rm(dir, { recursive: true, force: true });
});

describe('an OCR’d URL', () => {
  it('is detected as read and is gone from the redacted PNG', async () => {
    const out = path.join(dir, 'out');
    const [result] = await runBatch([input], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['pdf'],
    });
    expect(result?.status).toBe('ok');
    const url = result!.spans.find((s) => s.type === 'URL');
    // However OCR spaced or lost its slashes, the span is the URL as read.
    expect(url?.text.replace(/\s/g, '').replace(':/', '://').replace(':///', '://')).toBe(
      'https://netserv.com/track',
    );
    const copy = await extractDocument(path.join(out, 'redacted', 'statement.png'), {
      ocr: 'auto',
    });
    expect(copy.text.replace(/\s/g, '')).not.toMatch(/netserv\.com\/track/i);
    expect(copy.text).toMatch(/Opening balance/);
  });
});
