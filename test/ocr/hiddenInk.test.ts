/**
 * Ink a grey-scale reading misses (issue 53): an IBAN printed white on a dark band, red on a green
 * band of equal brightness, and in very light grey is read from another rendition of the page,
 * detected, and boxed in the redacted copy — checked on the copy's pixels where the IBAN was
 * drawn, not on what was found. A fax's tall pixels (204 × 98 DPI) are made square before it is
 * read, so its small print is not squashed out of shape. The band's reading stands where it is
 * printed, between the lines around it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileResult } from '../../src/domain/fileResult.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import {
  HIDDEN_INK_AFTER,
  HIDDEN_INK_IBAN,
  HIDDEN_INK_LINE,
  hiddenInkPage,
  type HiddenInk,
} from '../../templates/scans/hiddenInk.js';
import { tiffResolutions } from '../../src/document/tiffResolution.js';
import { FAX_IBAN, faxPage } from '../../templates/scans/faxPage.js';
import { makeTempDir, type TempDir } from '../io/fixtures.js';

const KINDS: HiddenInk[] = ['dark-band', 'red-on-green', 'light-grey'];
let dir: TempDir;
let results: FileResult[];
beforeAll(async () => {
  dir = await makeTempDir();
  for (const kind of KINDS) await dir.file(`in/${kind}.png`, hiddenInkPage(kind));
  await dir.file('in/fax.tif', await faxPage());
  results = await runBatch([join(dir.path, 'in')], join(dir.path, 'out'), {
    ...DEFAULT_REDACT_OPTIONS,
    ner: false,
  });
}, 180_000);
afterAll(() => dir.remove());

describe('ink a grey-scale reading misses', () => {
  it.each(KINDS)('%s: the IBAN is read, detected and boxed in the copy', async (kind) => {
    const result = results.find((r) => r.relativePath === `${kind}.png`)!;
    expect(result.status, result.error).toBe('ok');
    const found = result.spans.filter((s) => s.type === 'BANK_ACCOUNT').map((s) => s.text);
    expect(found.map((f) => f.replace(/\s/g, ''))).toContain(HIDDEN_INK_IBAN.replace(/\s/g, ''));
    // Read where it is printed: after the line above the band, before the line below it (the
    // model reads a value with the lines around it).
    const at = (words: string) => result.text.indexOf(words);
    expect(at('Statement of account')).toBeGreaterThanOrEqual(0);
    expect(at('Statement of account')).toBeLessThan(at('IBAN'));
    expect(at('IBAN')).toBeLessThan(at(HIDDEN_INK_AFTER.slice(0, 20)));

    // The copy's pixels over the IBAN's digits (right of the label, on its baseline's line)
    // are the box's black: the value's own colours are gone.
    const copy = await readFile(join(dir.path, 'out', 'redacted', `${kind}.png`));
    const { x, baseline, size } = HIDDEN_INK_LINE;
    const { data, info } = await sharp(copy)
      .extract({ left: x + 320, top: baseline - size + 10, width: 400, height: size - 12 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (data[i]! < 40 && data[i + 1]! < 40 && data[i + 2]! < 40) dark++;
    // Nearly all black: a few pixels of a box's anti-aliased edge may not be.
    expect(dark / (info.width * info.height)).toBeGreaterThan(0.95);
  });
});

describe('a fax stored at 204 × 98 DPI', () => {
  it('is read with square pixels: its small print keeps its shape and the IBAN is found', async () => {
    expect(tiffResolutions(await faxPage())).toEqual([{ x: 204, y: 98 }]);
    const result = results.find((r) => r.relativePath === 'fax.tif')!;
    expect(result.status, result.error).toBe('ok');
    const found = result.spans.filter((s) => s.type === 'BANK_ACCOUNT').map((s) => s.text);
    expect(found).toEqual([FAX_IBAN]);
    // The copy is the page as it reads: the stored 350 rows stretched by 204/98.
    const copy = await sharp(
      await readFile(join(dir.path, 'out', 'redacted', 'fax.tif.png')),
    ).metadata();
    expect([copy.width, copy.height]).toEqual([1700, Math.round((350 * 204) / 98)]);
  });
});
