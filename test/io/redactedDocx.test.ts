/**
 * Word in, redacted Word out: a document with values in its body, a table, a text box, a header,
 * a footer, a footnote, a comment, a tracked deletion and its properties. Extraction reads them
 * all; the redacted copy holds none of them in any part of the zip, keeps paragraphs and tables,
 * and has no tracked changes, comments or authors left.
 */
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORD_VALUES as V, wordFixture } from '../../templates/office/wordFixture.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { makeTempDir, type TempDir } from './fixtures.js';

async function partsOf(bytes: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(zip.files)) {
    if (!file.dir && /\.(xml|rels)$/.test(name)) out[name] = await file.async('string');
  }
  return out;
}

const count = (xml: string, tag: string) =>
  (xml.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length;

let dir: TempDir;
let input: string;
beforeAll(async () => {
  dir = await makeTempDir();
  input = await dir.file('in/letter.docx', await wordFixture());
});
afterAll(() => dir.remove());

describe('Word documents', () => {
  it('are read in every part: body, table, text box, header, footer, footnote, comment, deletion, properties', async () => {
    const { text } = await extractDocument(input, { ocr: 'never' });
    for (const value of Object.values(V)) expect(text).toContain(value);
  });

  it('come out redacted in every part, with their structure and no tracked changes, comments or authors', async () => {
    const out = join(dir.path, 'out');
    const [result] = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
      formats: ['docx', 'txt'],
    });
    expect(result?.status).toBe('ok');
    expect([...new Set(result!.spans.map((s) => s.text))].sort()).toEqual(Object.values(V).sort());
    const original = await partsOf(await readFile(input));
    const redacted = await partsOf(await readFile(join(out, 'redacted', 'letter.docx')));
    const everything = Object.values(redacted).join('\n');
    for (const value of Object.values(V)) expect(everything).not.toContain(value);
    expect(everything).not.toContain('Reviewer Person');
    expect(everything).not.toContain('Editor Person');
    const body = redacted['word/document.xml']!;
    const before = original['word/document.xml']!;
    expect(count(body, 'w:p')).toBe(count(before, 'w:p'));
    expect(count(body, 'w:tbl')).toBe(count(before, 'w:tbl'));
    expect(count(body, 'w:tc')).toBe(count(before, 'w:tc'));
    expect(count(body, 'w:del')).toBe(0);
    expect(count(body, 'w:commentReference')).toBe(0);
    expect(body).toContain('Dear client, reply to [EMAIL REDACTED] please.');
    expect(body).toContain('[BANK ACCOUNT REDACTED]');
    // The span across runs: the placeholder in its first run, the rest of it gone, formatting kept.
    expect(body).toMatch(/<w:b\/>[\s\S]*?<w:t xml:space="preserve">\[EMAIL REDACTED\]<\/w:t>/);
    expect(body).toContain('Also: ');
    expect(body).not.toContain('runs@example.com');
    expect(redacted['word/header1.xml'] ?? '').toContain('Call [PHONE NUMBER REDACTED]');
    // Reading the copy back finds the placeholders where the values were, and no value.
    const { text } = await extractDocument(join(out, 'redacted', 'letter.docx'), { ocr: 'never' });
    expect(text).toContain('Box: [EMAIL REDACTED]');
    expect(text).toContain('SSN on file: [SSN REDACTED]');
  });
});
