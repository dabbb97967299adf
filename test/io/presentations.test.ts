/**
 * A PowerPoint deck (.pptx) is read as its reader sees it: the slides in the order the deck shows
 * them, tables a row to a line, speaker notes, comments with their authors, the properties. Its
 * pictures are not read, and the warning says so. The copy is the anonymised text, and it holds no
 * planted value. A damaged deck gets its own error.
 */
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pptxText } from '../../src/document/pptxText.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { plannedOutputNames } from '../../src/pipeline/writeOutputs.js';
import {
  PRESENTATION_VALUES as V,
  presentationPptx,
} from '../../templates/office/presentationFixture.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/deck.pptx', await presentationPptx());
  const broken = await JSZip.loadAsync(await presentationPptx());
  broken.remove('ppt/presentation.xml');
  await dir.file('in/broken.pptx', await broken.generateAsync({ type: 'uint8array' }));
});
afterAll(() => dir.remove());

describe('presentations', () => {
  it('read slides in the deck’s order, with tables, notes, comments and properties', async () => {
    const { text, slides, unread } = await pptxText(
      await JSZip.loadAsync(await presentationPptx()),
    );
    expect(slides).toBe(2);
    expect(text.split('\n')).toEqual([
      'Slide 1',
      'Year-end review',
      `Questions to ${V.email}`,
      `Notes: Call the desk on ${V.phone} first.`,
      '',
      'Slide 2',
      'Payments over limit',
      'Payee\tIBAN',
      `Refund\t${V.iban}`,
      '',
      'Comments',
      `${V.commentAuthor}: Check the IBAN with ${V.email}`,
      '',
      'title: Year-end',
      `creator: ${V.creator}`,
    ]);
    expect(unread).toEqual({ pictures: 1, charts: 0, embedded: 0 });
  });

  it('are redacted as text: the copy holds no planted value, the picture is said to be left out', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    const deck = results.find((r) => r.relativePath === 'deck.pptx')!;
    expect(deck.status, deck.error).toBe('ok');
    expect(deck.kind).toBe('txt');
    expect(deck.spans.map((s) => s.text)).toEqual(
      expect.arrayContaining([V.email, V.phone, V.iban]),
    );
    expect(deck.warnings[0]).toBe(
      'not read (no OCR inside a presentation), and left out of the redacted copy: 1 picture',
    );
    // The queue plans the same outputs before the file is read: the anonymised text only.
    expect(plannedOutputNames(['deck.pptx'], ['docx', 'txt'])[0]).toEqual({
      text: 'deck.pptx.txt',
    });
    const copy = await readFile(join(out, 'anonymized', 'deck.pptx.txt'), 'utf8');
    for (const value of [V.email, V.phone, V.iban]) expect(copy).not.toContain(value);
    expect(copy).toContain('[EMAIL REDACTED]');
    const broken = results.find((r) => r.relativePath === 'broken.pptx')!;
    expect(broken.status).toBe('error');
    expect(broken.error).toMatch(/broken\.pptx: this \.pptx has no ppt\/presentation\.xml/);
  }, 60_000);
});
