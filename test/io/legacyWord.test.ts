/**
 * Word 97-2003 documents (issue 40): body, header, footer, footnote, comment and properties are
 * read; every planted value is detected; the redacted copy is a .docx that holds none of them in
 * any part (read as a Word file and as the raw XML of every part), nor does the anonymised text.
 * A cut-off .doc and a .docx renamed .doc get specific errors and the batch goes on. Word's
 * optional and non-breaking hyphen codes inside a value hide it from no one (issue 53).
 */
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { docxText, openDocx } from '../../src/document/docxPackage.js';
import {
  LEGACY_WORD_FIXTURE,
  LEGACY_WORD_VALUES,
  legacyWordWithHyphenCodes,
} from '../../templates/office/legacyWordFixture.js';
import { wordFixture } from '../../templates/office/wordFixture.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  await dir.file('in/.keep', '');
  await copyFile(LEGACY_WORD_FIXTURE, join(dir.path, 'in', 'engagement-letter.doc'));
  const bytes = await readFile(LEGACY_WORD_FIXTURE);
  await dir.file('in/cut.doc', bytes.subarray(0, 2048));
  await dir.file('in/renamed.doc', await wordFixture());
});
afterAll(() => dir.remove());

describe('Word 97-2003 documents', () => {
  it('are read in every part, and their redacted .docx copy holds no planted value', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, DEFAULT_REDACT_OPTIONS);
    const byPath = new Map(results.map((r) => [r.relativePath, r]));
    const letter = byPath.get('engagement-letter.doc')!;
    expect(letter.status, letter.error).toBe('ok');
    expect(letter.kind).toBe('doc');
    for (const value of Object.values(LEGACY_WORD_VALUES)) {
      expect(letter.text, value).toContain(value);
      expect(
        letter.spans.some((s) => s.text.includes(value) || value.includes(s.text)),
        `${value} detected`,
      ).toBe(true);
    }
    expect(letter.warnings.join('\n')).toMatch(
      /the redacted copy is a \.docx of the redacted text/,
    );

    const copy = await readFile(join(out, 'redacted', 'engagement-letter.doc.docx'));
    const zip = await JSZip.loadAsync(copy);
    const parts = await Promise.all(
      Object.values(zip.files)
        .filter((f) => !f.dir)
        .map((f) => f.async('string')),
    );
    const readable = docxText(await openDocx(copy)).text;
    const anonymised = await readFile(join(out, 'anonymized', 'engagement-letter.doc.txt'), 'utf8');
    for (const value of Object.values(LEGACY_WORD_VALUES)) {
      for (const [where, text] of [
        ['copy text', readable],
        ['copy parts', parts.join('\n')],
        ['anonymised text', anonymised],
      ] as const)
        expect(text.replace(/\s/g, ''), `${value} in ${where}`).not.toContain(
          value.replace(/\s/g, ''),
        );
    }
    // Each part is where it was: the letter in the body, the footer's line in the footer.
    expect(readable).toMatch(/Dear \[NAME REDACTED\]/);
    const footer = Object.keys(zip.files).find((n) => /word\/footer\d*\.xml$/.test(n))!;
    expect(await zip.file(footer)!.async('string')).toContain(
      'Switchboard [PHONE NUMBER REDACTED]',
    );

    expect(byPath.get('cut.doc')!.error).toMatch(
      /^cut\.doc: this is not a readable Word 97-2003 document \(.+\); check that it opens in Word/,
    );
    // A current Word file saved under .doc (writers do this) is read as the .docx it is.
    const renamed = byPath.get('renamed.doc')!;
    expect(renamed.status, renamed.error).toBe('ok');
    expect(renamed.warnings.join(' ')).toMatch(/named \.doc but is a Word 2007-365 file/);
  }, 120_000);
});

describe('Word hyphen codes in a .doc', () => {
  it('an optional and a non-breaking hyphen inside values hide neither', async () => {
    const local = await makeTempDir();
    try {
      const letter = legacyWordWithHyphenCodes(await readFile(LEGACY_WORD_FIXTURE));
      await local.file('in/hyphens.doc', letter);
      const [result] = await runBatch([join(local.path, 'in')], join(local.path, 'out'), {
        ...DEFAULT_REDACT_OPTIONS,
        ner: false,
      });
      expect(result!.status, result!.error).toBe('ok');
      expect(result!.text).not.toContain('undefined');
      const found = result!.spans.map((s) => s.type);
      expect(found).toContain('BANK_ACCOUNT');
      expect(found).toContain('PHONE');
      const anonymised = await readFile(
        join(local.path, 'out', 'anonymized', 'hyphens.doc.txt'),
        'utf8',
      );
      for (const piece of ['BUKB', '2020 1555', '7946', '0958'])
        expect(anonymised).not.toContain(piece);
    } finally {
      await local.remove();
    }
  }, 60_000);
});
