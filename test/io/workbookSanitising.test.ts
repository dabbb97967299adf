/**
 * A redacted workbook keeps only what FinRedact read: an openpyxl-made workbook with a note and
 * a chart is redacted (it used to be refused), its note read and redacted, its chart left out and
 * said so; a workbook hiding values in formula text, a hyperlink target, a data-validation list
 * and prompt, a number format, a conditional-formatting rule and a defined name comes out with
 * none of them in any part of the copy, whatever the part's name — and the warning says what
 * was left out.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { numberFormatWithoutText } from '../../src/document/workbookSanitiser.js';
import {
  HIDDEN,
  hiddenContentWorkbook,
  openpyxlStyleWorkbook,
  openXmlSdkStyle,
} from '../../templates/office/hiddenSheetFixtures.js';
import { workbookFixture } from '../../templates/office/sheetFixtures.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { makeTempDir, type TempDir } from './fixtures.js';

/** Every part of a zip as text, whatever its extension: an attacker unzips and greps. */
async function everyPart(bytes: Uint8Array): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const parts: string[] = [];
  for (const f of Object.values(zip.files)) if (!f.dir) parts.push(await f.async('string'));
  return parts.join('\n');
}

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/openpyxl.xlsx', await openpyxlStyleWorkbook());
  await dir.file('in/hidden.xlsx', await hiddenContentWorkbook());
});
afterAll(() => dir.remove());

describe('redacted workbooks', () => {
  it('keep nothing the walk does not read, and say what they left out', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    const byName = new Map(results.map((r) => [r.relativePath, r]));

    const openpyxl = byName.get('openpyxl.xlsx')!;
    expect(openpyxl.status, openpyxl.error).toBe('ok');
    expect(openpyxl.text).toContain(`Note B2: Call back ${HIDDEN.note}`);
    expect(openpyxl.spans.map((s) => s.text)).toEqual(
      expect.arrayContaining([HIDDEN.cell, HIDDEN.note]),
    );
    expect(openpyxl.warnings.join(' ')).toMatch(/leaves out what is not read: 1 chart/);

    const hidden = byName.get('hidden.xlsx')!;
    expect(hidden.status, hidden.error).toBe('ok');
    const warning = hidden.warnings.join(' ');
    for (const what of [
      '1 formula',
      '1 hyperlink target',
      '1 data-validation rule',
      '1 conditional-formatting rule',
      '1 number format with literal text',
      '1 defined name',
    ])
      expect(warning).toContain(what);

    for (const name of ['openpyxl.xlsx', 'hidden.xlsx']) {
      const copy = await readFile(join(out, 'redacted', name));
      const text = await everyPart(copy);
      for (const value of Object.values(HIDDEN))
        expect(text, `${name}: ${value}`).not.toContain(value);
    }
    // The numbers stay numbers, the displayed text stays.
    const copy = await JSZip.loadAsync(await readFile(join(out, 'redacted', 'hidden.xlsx')));
    const strings = await copy.file('xl/sharedStrings.xml')!.async('string');
    expect(strings).toContain('Contact');
    expect(strings).toContain('ok');
  }, 60_000);

  it('are read when written by .NET’s Open XML SDK (byte-order marks, prefixed elements)', async () => {
    await dir.file('sdk/plain.xlsx', await workbookFixture());
    await dir.file('sdk/dotnet.xlsx', await openXmlSdkStyle(await workbookFixture()));
    const plain = await extractDocument(join(dir.path, 'sdk/plain.xlsx'), { ocr: 'never' });
    const dotnet = await extractDocument(join(dir.path, 'sdk/dotnet.xlsx'), { ocr: 'never' });
    expect(dotnet.text).toBe(plain.text);
    expect(dotnet.text).toContain('first.client@example.org');
  });

  it('drop a number format’s literal text but keep its number pattern', () => {
    expect(numberFormatWithoutText('"Paid by Jo "#,##0.00')).toBe('#,##0.00');
    expect(numberFormatWithoutText('0.00\\ \\J\\o')).toBe('0.00');
    expect(numberFormatWithoutText('#,##0.00')).toBe('#,##0.00');
  });
});
