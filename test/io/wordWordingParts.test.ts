/**
 * Issue 53, Word parts with text: a value in an equation, behind a right-to-left override, in a
 * tracked deletion or move glued to the next word, in a numbering level's text or in a style's
 * name (and its id) is read, detected and gone from every part of the copy — each part read as an
 * attacker reads it, entities decoded, the reversed and run-together spellings looked for too.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxText, openDocx } from '../../src/document/docxPackage.js';
import type { FileResult } from '../../src/domain/fileResult.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { decodeXmlEntities } from '../../src/shared/xmlEntities.js';
import {
  wordingPartsFixtures,
  type WordingCase,
} from '../../templates/office/wordingPartsFixtures.js';
import { makeTempDir, type TempDir } from './fixtures.js';

let dir: TempDir;
let cases: WordingCase[];
let results: FileResult[];
const out = () => join(dir.path, 'out');

beforeAll(async () => {
  dir = await makeTempDir();
  cases = await wordingPartsFixtures();
  for (const c of cases) await dir.file(`in/${c.file}`, c.bytes);
  results = await runBatch([join(dir.path, 'in')], out(), DEFAULT_REDACT_OPTIONS);
}, 120_000);
afterAll(() => dir.remove());

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

describe('Word parts with text', () => {
  it('every case is detected where a reader sees it, and no part of its copy holds it', async () => {
    for (const c of cases) {
      const result = results.find((r) => r.relativePath === c.file);
      expect(result?.status, `${c.file}: ${result?.error}`).toBe('ok');
      const found = result!.spans.map((s) => result!.text.slice(s.start, s.end));
      expect(
        found.some((f) => f.includes(c.value)),
        `${c.file}: ${JSON.stringify(found)}`,
      ).toBe(true);

      const zip = await JSZip.loadAsync(await readFile(join(out(), 'redacted', c.file)));
      for (const part of Object.values(zip.files)) {
        if (part.dir) continue;
        const raw = decodeXmlEntities(await part.async('string'));
        const forms = [c.value, ...(c.stored ?? [])];
        for (const form of forms) {
          expect(raw, `${c.file} ${part.name}`).not.toContain(form);
          // Run together, case folded: a style id made of the name is the name.
          expect(squash(raw), `${c.file} ${part.name}`).not.toContain(squash(form));
        }
      }
    }
  });

  it('keeps what the reader sees around each value, in plain order', async () => {
    const copyText = async (file: string) =>
      docxText(await openDocx(await readFile(join(out(), 'redacted', file)))).text;
    expect(await copyText('override.docx')).toContain('Pay to IBAN [BANK ACCOUNT REDACTED]');
    expect(await copyText('equation.docx')).toContain(
      'Computed by [EMAIL REDACTED] for the audit.',
    );
    expect(await copyText('style-name.docx')).toContain('Letter for [EMAIL REDACTED]');
    expect(await copyText('numbering.docx')).toContain('Refund to [BANK ACCOUNT REDACTED] %1.');
    // The tracked changes are accepted in the copy: the deletion is gone, the insertion kept.
    expect(await copyText('deletion.docx')).toContain('Write to the desk');
  });
});

describe("Word's own style names", () => {
  it("are not read as the document's words; a style the document named is", async () => {
    const zip = await JSZip.loadAsync(cases.find((c) => c.file === 'style-person.docx')!.bytes);
    const styles = await zip.file('word/styles.xml')!.async('string');
    // Word marks the character styles it links to its own ("Footer Char") as custom: in use.
    const own = [
      ['FooterChar', 'Footer Char'],
      ['GridTable4-Accent1', 'Grid Table 4 - Accent 1'],
      ['Heading1Char', 'Heading 1 Char'],
    ]
      .map(
        ([id, name]) =>
          `<w:style w:type="character" w:customStyle="1" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`,
      )
      .join('');
    zip.file('word/styles.xml', styles.replace('</w:styles>', `${own}</w:styles>`));
    const { text } = docxText(await openDocx(await zip.generateAsync({ type: 'uint8array' })));
    expect(text).toContain('Letter to Margaret Ellingham');
    for (const name of ['Footer Char', 'Grid Table 4 - Accent 1', 'Heading 1 Char'])
      expect(text).not.toContain(name);
  });
});
