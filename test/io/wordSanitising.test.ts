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
});
