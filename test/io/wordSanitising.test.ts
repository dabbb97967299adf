/**
 * A redacted Word copy keeps only what FinRedact read: values hidden in field instructions, a
 * hyperlink's target and tooltip, an altChunk import, a chart, custom XML, a content control's
 * properties, document variables, the glossary, people.xml and a bookmark's name are in no part
 * of the copy — every part grepped whatever its extension — and the warning names what was left
 * out; the visible text, field results and link texts included, is still there.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { openDocx, docxText } from '../../src/document/docxPackage.js';
import { hiddenWordFixture, WORD_HIDDEN } from '../../templates/office/hiddenWordFixture.js';
import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import sharp from 'sharp';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/letter.docx', await hiddenWordFixture());
});
afterAll(() => dir.remove());

describe('redacted Word copies', () => {
  it.each([false, true])(
    'keep nothing the walk does not read (keep images: %s)',
    async (keepImages) => {
      const out = join(dir.path, `out-${keepImages}`);
      const [result] = await runBatch([join(dir.path, 'in')], out, {
        ...DEFAULT_REDACT_OPTIONS,
        ner: false,
        keepImages,
      });
      expect(result!.status, result!.error).toBe('ok');
      const warning = result!.warnings.join(' ');
      for (const what of [
        '3 × field instructions',
        '1 × hyperlink targets',
        '1 × imported content (altChunk)',
        '1 × content-control properties',
        '1 × document variables',
        'custom XML',
        'glossary (building blocks)',
        'charts',
        'the list of people',
      ])
        expect(warning).toContain(what);

      const bytes = await readFile(join(out, 'redacted', 'letter.docx'));
      const zip = await JSZip.loadAsync(bytes);
      for (const f of Object.values(zip.files)) {
        if (f.dir) continue;
        const text = await f.async('string');
        for (const value of Object.values(WORD_HIDDEN))
          expect(text, `${f.name}: ${value}`).not.toContain(value);
      }
      // What a reader sees is still there, and the copy is a Word file our own walk reads.
      const copyText = docxText(await openDocx(bytes)).text;
      for (const visible of [
        'write to us',
        'Client and Owner',
        'our desk',
        'Signed for the firm',
        'Totals',
      ])
        expect(copyText).toContain(visible);
    },
    60_000,
  );

  it("name the pictures and the first page's thumbnail they leave out", async () => {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun('Signed for the firm')] }),
            new Paragraph({
              children: [
                new ImageRun({ type: 'png', data: png, transformation: { width: 40, height: 20 } }),
              ],
            }),
          ],
        },
      ],
    });
    // Word saves a picture of the first page with the file when asked to ("Save Thumbnail").
    const zip = await JSZip.loadAsync(await Packer.toBuffer(doc));
    zip.file('docProps/thumbnail.jpeg', await sharp(png).jpeg().toBuffer());
    // Some producers spell the custom XML folder "customXML".
    zip.file('customXML/item1.xml', '<b:Sources xmlns:b="urn:x"/>');
    await dir.file('pictures/signed.docx', await zip.generateAsync({ type: 'uint8array' }));
    const out = join(dir.path, 'out-pictures');
    const [result] = await runBatch([join(dir.path, 'pictures')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    expect(result!.status, result!.error).toBe('ok');
    const warning = result!.warnings.join(' ');
    expect(warning).toMatch(/the redacted copy leaves out what is not read: /);
    expect(warning).toContain('1 × pictures (kept only with --keep-images)');
    expect(warning).toContain('the thumbnail picture of the first page');
    expect(warning).toContain('custom XML');
    expect(warning).not.toContain('other parts');
    const copy = await JSZip.loadAsync(await readFile(join(out, 'redacted', 'signed.docx')));
    expect(copy.file('docProps/thumbnail.jpeg')).toBeNull();
    expect(await copy.file('word/document.xml')!.async('string')).not.toContain('<w:drawing');
  }, 60_000);
});
