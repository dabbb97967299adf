/**
 * The split layout's shareable part holds no original value: every file under `shareable/` is
 * read again as an attacker would (our own readers, the zip parts of Office files raw) and no
 * value the run found — listed in the `detections.jsonl` beside it — is in it as it was found.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { runCliCaptured } from './runCliCaptured.js';
import { makeTempDir, type TempDir } from './fixtures.js';

const SAMPLES = join(import.meta.dirname, '..', '..', 'samples');
let dir: TempDir;
let out: string;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Every text a reader could get from the file: its extracted text, and for a zip its parts. */
async function readAsAttacker(file: string): Promise<string> {
  const texts = [(await extractDocument(file, { ocr: 'never' })).text];
  const bytes = await readFile(file);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const zip = await JSZip.loadAsync(bytes);
    for (const entry of Object.values(zip.files)) {
      if (!entry.dir) texts.push(await entry.async('string'));
    }
  } else if (!file.endsWith('.pdf')) {
    texts.push(bytes.toString('utf8'));
  }
  return texts.join('\n');
}

beforeAll(async () => {
  dir = await makeTempDir();
  out = join(dir.path, 'out');
  const r = await runCliCaptured([
    'redact',
    join(SAMPLES, 'invoice-en_GB.txt'),
    join(SAMPLES, 'engagement-letter-de.docx'),
    join(SAMPLES, 'tax-letter-en_US.pdf'),
    '--out',
    out,
    '--layout',
    'split',
  ]);
  expect(r.code, r.stderr).toBe(0);
}, 180_000);

afterAll(() => dir?.remove());

describe('the split layout', () => {
  it('keeps every found value out of shareable/, and keeps it in the folder itself', async () => {
    const records = (await readFile(join(out, 'detections.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { spans: { text: string }[] });
    // Short values (two-letter codes) occur in ordinary words by chance; four characters up.
    // The sample Word file names its generator, "FinRedact", which is found as a company: every
    // workbook we write names its creator so too, which is no value of the client's.
    // As detected, case and all: a lower-case word stays where its capitalised form was taken for
    // a name, as propagation keeps it (src/merge/propagateValues).
    const values = [...new Set(records.flatMap((r) => r.spans.map((s) => s.text)))].filter(
      (v) => v.replace(/\W/g, '').length >= 4 && v.toLowerCase() !== 'finredact',
    );
    expect(values.length).toBeGreaterThan(10);
    const shared = await filesUnder(join(out, 'shareable'));
    expect(shared.map((f) => relative(out, f)).sort()).toEqual([
      'shareable/Results.xlsx',
      'shareable/anonymized/engagement-letter-de.docx.txt',
      'shareable/anonymized/invoice-en_GB.txt',
      'shareable/anonymized/tax-letter-en_US.pdf.txt',
      'shareable/redacted/engagement-letter-de.docx',
      'shareable/redacted/tax-letter-en_US.pdf',
    ]);
    for (const file of shared) {
      const text = await readAsAttacker(file);
      for (const v of values) expect(text.includes(v), `${relative(out, file)}: ${v}`).toBe(false);
    }
    const internal = await readAsAttacker(join(out, 'Results.xlsx'));
    expect(values.every((v) => internal.includes(v))).toBe(true);
  }, 180_000);
});
