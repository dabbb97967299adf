/**
 * Macro-enabled Office files and templates are read as the Word and Excel files they are; the
 * copy is a .docx or .xlsx without the macros (not read, so not kept: a VBA project can hold a
 * client's name in its source), whose main part says it is a document or workbook so Office opens
 * it, and the warning says the macros were left out.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { macroForm, type MacroForm } from '../../templates/office/macroFixtures.js';
import { WORD_VALUES, wordFixture } from '../../templates/office/wordFixture.js';
import { workbookFixture } from '../../templates/office/sheetFixtures.js';
import { makeTempDir, type TempDir } from './fixtures.js';

const SECRET = 'macro.only@example.org';
const FORMS: readonly MacroForm[] = ['docm', 'dotx', 'dotm', 'xlsm', 'xltx', 'xltm'];

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
  const word = await wordFixture();
  const book = await workbookFixture();
  for (const form of FORMS)
    await dir.file(`in/file.${form}`, await macroForm(form[0] === 'd' ? word : book, form, SECRET));
});
afterAll(() => dir.remove());

describe('macro-enabled files and templates', () => {
  it('are read, and copied as a .docx or .xlsx without their macros', async () => {
    const out = join(dir.path, 'out');
    const results = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    expect(results.map((r) => r.relativePath).sort()).toEqual(FORMS.map((f) => `file.${f}`).sort());
    for (const r of results) {
      const form = r.relativePath.split('.')[1] as MacroForm;
      const word = form[0] === 'd';
      expect(r.status, `${form}: ${r.error}`).toBe('ok');
      expect(r.kind).toBe(word ? 'docx' : 'xlsx');
      expect(r.spans.map((s) => s.text)).toContain(
        word ? WORD_VALUES.body : 'first.client@example.org',
      );
      const macros = form.endsWith('m');
      expect(
        r.warnings.some((w) => /leaves out what is not read:.*macros/.test(w)),
        form,
      ).toBe(macros);

      const copy = await JSZip.loadAsync(
        await readFile(join(out, 'redacted', `file.${form}.${word ? 'docx' : 'xlsx'}`)),
      );
      const names = Object.keys(copy.files);
      expect(
        names.filter((n) => /vba/i.test(n)),
        form,
      ).toEqual([]);
      const types = await copy.file('[Content_Types].xml')!.async('string');
      expect(types, form).toContain(
        word
          ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      );
      expect(types, form).not.toMatch(/macroEnabled|template\.main|vbaProject/);
      for (const f of Object.values(copy.files)) {
        if (f.dir) continue;
        const text = Buffer.from(await f.async('uint8array')).toString('latin1');
        expect(text, `${form} ${f.name}`).not.toContain(SECRET);
        expect(text, `${form} ${f.name}`).not.toMatch(/relationships\/vbaProject/);
      }
    }
  }, 120_000);
});
