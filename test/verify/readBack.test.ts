/**
 * The second reading of a redacted copy (src/verify) asks "is anything personal left?", not "is
 * what we found gone?". A value the first pass missed but the read-back's detector finds is added
 * at every occurrence in the document (source read-back) and the copy rebuilt; a value kept in a
 * part no redaction reaches (a theme's name) fails the file with an error naming the part and
 * the type, never the value; replacements (placeholders, fakes) are never findings.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDetector, type Detector } from '../../src/detect/engine.js';
import type { Span } from '../../src/domain/span.js';
import { processFile } from '../../src/pipeline/processFile.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { writeRedactedCopy } from '../../src/pipeline/redactedCopies.js';
import type { ReadBackOptions } from '../../src/pipeline/readBackAdditions.js';
import { readBack } from '../../src/verify/readBack.js';
import { ocrImagePage } from '../../src/extract/ocr/ocrImagePage.js';
import { printableRuns, readCopy, xmlTexts } from '../../src/verify/readCopy.js';
import { makeDocx, makeTempDir, type TempDir } from '../io/fixtures.js';

const MISSED = 'Quillfeather';
const OPTIONS = { ...DEFAULT_REDACT_OPTIONS, ner: false };

let dir: TempDir;
let patterns: Detector;
beforeAll(async () => {
  dir = await makeTempDir();
  patterns = await createDetector({ ner: false });
});
afterAll(() => dir.remove());

/** The run's patterns, plus a second reader that also knows a name the first pass did not. */
function readBackWith(extra: string): ReadBackOptions {
  const full = async (text: string): Promise<Span[]> => {
    const spans = [...(await patterns.detect(text))];
    for (let i = text.indexOf(extra); i !== -1; i = text.indexOf(extra, i + 1))
      spans.push({
        start: i,
        end: i + extra.length,
        type: 'NAME',
        score: 0.9,
        source: 'ner',
        text: extra,
      });
    return spans;
  };
  return { detectors: { full, patterns: (t) => patterns.detectPatterns(t) } };
}

async function processed(name: string, bytes: Uint8Array) {
  const file = await dir.file(`in/${name}`, bytes);
  return processFile({ file, relativePath: name }, { detector: patterns }, OPTIONS);
}

describe('the read-back of a Word copy', () => {
  it('adds what the first pass missed at every occurrence, and rebuilds the copy', async () => {
    const result = await processed(
      'letter.docx',
      await makeDocx([
        `Dear ${MISSED}, reply to jo.bloggs@example.org.`,
        `Regards to the ${MISSED} family.`,
      ]),
    );
    expect(result.spans.map((s) => s.text)).toEqual(['jo.bloggs@example.org']);
    const out = join(dir.path, 'out', 'letter.docx');
    const reported = await writeRedactedCopy(result, out, OPTIONS, readBackWith(MISSED));
    expect(reported.status, reported.error).toBe('ok');
    const added = reported.spans.filter((s) => s.source === 'read-back');
    expect(added.map((s) => [s.type, s.text])).toEqual([
      ['NAME', MISSED],
      ['NAME', MISSED],
    ]);
    expect(reported.anonymized).not.toContain(MISSED);
    expect(reported.anonymized).toContain('Dear [NAME REDACTED], reply to [EMAIL REDACTED].');
    expect(reported.warnings.join(' ')).toMatch(
      /reading the redacted copy back found 2 more values \(NAME in the copy as a reader opens it\)/,
    );
    const zip = await JSZip.loadAsync(await readFile(out));
    for (const f of Object.values(zip.files))
      if (!f.dir) expect(await f.async('string'), f.name).not.toContain(MISSED);
  });

  it('fails a copy that keeps a value where no redaction reaches, naming the part, not the value', async () => {
    const base = await JSZip.loadAsync(await makeDocx(['Nothing personal in the body.']));
    // A theme's name is kept (the copy keeps the theme for its layout) but not read as text.
    const theme = await base.file('word/theme/theme1.xml')!.async('string');
    base.file(
      'word/theme/theme1.xml',
      theme.replace(/(<a:theme\b[^>]*\bname=")[^"]*"/, '$1Sent by hidden.style@example.org"'),
    );
    const result = await processed('styled.docx', await base.generateAsync({ type: 'uint8array' }));
    const out = join(dir.path, 'out', 'styled.docx');
    const reported = await writeRedactedCopy(result, out, OPTIONS, readBackWith(MISSED));
    expect(reported.status).toBe('error');
    expect(reported.error).toMatch(
      /found what is still personal: EMAIL in part word\/theme\/theme1\.xml/,
    );
    expect(reported.error).not.toContain('hidden.style@example.org');
    await expect(readFile(out)).rejects.toThrow();
  });
});

describe('the read-back of a workbook copy', () => {
  it('knows a placeholder in a sheet name, where Excel forbids brackets, as the copy’s own', async () => {
    const Excel = (await import('exceljs')).default;
    const book = new Excel.Workbook();
    const sheet = book.addWorksheet('jo.bloggs@example.org');
    sheet.addRow(['Payroll of jo.bloggs@example.org', 'Gross']);
    sheet.addRow(['March', 4200]);
    const result = await processed('named.xlsx', new Uint8Array(await book.xlsx.writeBuffer()));
    expect(result.spans.map((s) => s.type)).toEqual(['EMAIL', 'EMAIL']);
    const out = join(dir.path, 'out', 'named.xlsx');
    // A second reader that reads a placeholder's last word as a name wherever it stands: the
    // sheet's "(EMAIL REDACTED)" must be known as the copy's own, as "[EMAIL REDACTED]" is.
    const reported = await writeRedactedCopy(result, out, OPTIONS, readBackWith('REDACTED'));
    expect(reported.status, reported.error).toBe('ok');
    expect(reported.spans.filter((s) => s.source === 'read-back')).toEqual([]);
    const copy = new Excel.Workbook();
    await copy.xlsx.load((await readFile(out)) as unknown as ArrayBuffer);
    expect(copy.worksheets.map((w) => w.name)).toEqual(['(EMAIL REDACTED)']);
  });
});

describe('readCopy and readBack', () => {
  it('read attribute values and binary runs, and leave the format’s own words out', () => {
    const xml =
      '<w:r xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:hyperlink w:tooltip="ask jo@example.org"/><w:t>Hello &amp; bye</w:t></w:r>';
    expect(xmlTexts(xml)).toBe('ask jo@example.org\nHello & bye');
    expect(printableRuns(Buffer.from('\x00\x01mail me: ann@example.com\x02\x03ab'))).toBe(
      'mail me: ann@example.com',
    );
  });

  it('never reports a replacement, a fake included, as a finding', async () => {
    const csv = Buffer.from('name,contact\r\n[NAME REDACTED],fake.person@example.net\r\n');
    const readings = await readCopy(csv, 'csv', 'list.csv');
    const detectors = {
      full: (t: string) => patterns.detect(t),
      patterns: (t: string) => patterns.detect(t),
    };
    expect(
      await readBack(readings, detectors, ['[NAME REDACTED]', 'fake.person@example.net']),
    ).toEqual([]);
    expect((await readBack(readings, detectors, ['[NAME REDACTED]'])).map((f) => f.type)).toEqual([
      'EMAIL',
    ]);
  });
});

describe('the read-back of a page copy', () => {
  it('blacks out an e-mail the detection missed that is readable on an image copy', async () => {
    const sharp = (await import('sharp')).default;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="100%" height="100%" fill="white"/><text x="60" y="150" font-size="48" font-family="DejaVu Sans">Remit to: missed.address@example.org</text><text x="60" y="260" font-size="48" font-family="DejaVu Sans">Phone 415-555-0134</text></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    // The first pass asked for phones only, as a detector that missed the address would act.
    const phonesOnly = await createDetector({ ner: false, types: ['PHONE'] });
    const result = await processFile(
      { file: await dir.file('in/remit.png', png), relativePath: 'remit.png' },
      { detector: phonesOnly },
      OPTIONS,
    );
    expect(result.status, result.error).toBe('ok');
    expect(result.text).toContain('missed.address@example.org');
    expect(result.spans.map((s) => s.type)).toEqual(['PHONE']);
    const out = join(dir.path, 'out', 'remit.png');
    const reported = await writeRedactedCopy(result, out, OPTIONS, readBackWith(MISSED));
    expect(reported.status, reported.error).toBe('ok');
    // The second reading found it, blacked it out where the copy shows it, added it to the text
    // outputs (it is in the document's text) and said so without the value.
    const said = reported.warnings.join('\n');
    expect(said).toMatch(
      /reading the redacted copy back by OCR found 1 value the detection had not redacted \(EMAIL in the image\)/,
    );
    expect(said).not.toContain('missed.address');
    expect(reported.spans.filter((s) => s.source === 'read-back').map((s) => s.text)).toEqual([
      'missed.address@example.org',
    ]);
    const reread = await ocrImagePage(sharp(await readFile(out)), { dpi: 0, unitsPerPixel: 1 });
    expect(reread.text).toContain('Phone');
    expect(reread.text).not.toContain('example.org');
    // Without the second reading the copy would have gone out with the address on it.
    const unchecked = join(dir.path, 'out', 'unchecked.png');
    expect((await writeRedactedCopy(result, unchecked, OPTIONS)).status).toBe('ok');
    const plain = await ocrImagePage(sharp(await readFile(unchecked)), {
      dpi: 0,
      unitsPerPixel: 1,
    });
    expect(plain.text).toContain('example.org');
  }, 60_000);
});
