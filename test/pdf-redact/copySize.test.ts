/**
 * A redacted copy stays small and searchable (issue 41): a 10-page text report, redacted with the
 * defaults (200 DPI, searchable), is no larger than 3 times the original or 100 KB a page,
 * whichever is larger, and its text layer holds the anonymised text and not the value.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymise } from '../../src/anonymise/anonymise.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { makeSpan } from '../../src/domain/span.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { redactPdf } from '../../src/write/redactedPdf.js';

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finredact-copy-size-'));
  file = join(dir, 'report.pdf');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 10; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Audit report, section ${p + 1}`, { x: 40, y: 800, size: 14, font });
    for (let i = 0; i < 55; i++)
      page.drawText(
        `${p + 1}.${i + 1} Reviewed the ledger of Jane Example for period ${i + 1}: balance EUR ${(i * 911.37).toFixed(2)}.`,
        { x: 40, y: 770 - i * 13.2, size: 9, font },
      );
  }
  await writeFile(file, await doc.save());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a redacted text report', () => {
  it('is searchable by default and no larger than 3× the original or 100 KB a page', async () => {
    const extracted = await extractDocument(file, { ocr: 'never' });
    const spans = [...extracted.text.matchAll(/Jane Example/g)].map((m) =>
      makeSpan(extracted.text, m.index, m.index + 12, 'NAME', 1, 'manual'),
    );
    expect(spans).toHaveLength(550);
    const redacted = await redactPdf(
      {
        file,
        pageInfo: extracted.pages,
        fragments: extracted.fragments,
        spans,
        anonymized: anonymise(extracted.text, spans),
        text: extracted.text,
      },
      { dpi: DEFAULT_REDACT_OPTIONS.dpi, searchable: DEFAULT_REDACT_OPTIONS.searchable },
    );
    const original = (await readFile(file)).length;
    expect(redacted.pages).toBe(10);
    expect(redacted.bytes.length).toBeLessThanOrEqual(Math.max(3 * original, 10 * 100 * 1024));
    const copy = await loadPdf(redacted.bytes, 'copy.pdf');
    try {
      const page = await copy.getPage(3);
      const text = (await page.getTextContent()).items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ');
      expect(text).toContain('[NAME REDACTED]');
      expect(text).toContain('Reviewed the ledger of');
      expect(text).not.toContain('Jane Example');
    } finally {
      await copy.destroy();
    }
  }, 120_000);
});
