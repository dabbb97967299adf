import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypes } from '../../src/domain/entityTypes.js';
import type { FileResult } from '../../src/domain/fileResult.js';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { DEFAULT_REDACT_OPTIONS, type RedactOptions } from '../../src/pipeline/redactOptions.js';
import { runBatch, type BatchEvent } from '../../src/pipeline/runBatch.js';
import { OutputWriteError } from '../../src/pipeline/outputWriteError.js';
import { UsageError } from '../../src/domain/usageError.js';
import { writeOutputs } from '../../src/pipeline/writeOutputs.js';
import { makeDocx, makePdf, makeTempDir, SYNTHETIC_TEXT, type TempDir } from './fixtures.js';

const OPTIONS: RedactOptions = {
  ...DEFAULT_REDACT_OPTIONS,
  ner: false,
  concurrency: 3,
  formats: ['xlsx', 'txt', 'json'],
};

let dir: TempDir;
let input: string;
let out: string;
let results: FileResult[];
let events: BatchEvent[];
const before = new Map<string, string>();

/** Expected error per bad input: the batch must report each one and go on. */
const BAD_INPUTS: Record<string, RegExp> = {
  'bad/corrupt.pdf': /corrupt\.pdf: the PDF is damaged/,
  'bad/dangling.txt': /dangling\.txt: cannot be read: it is a link to a file that does not exist/,
  'bad/empty.txt': /empty\.txt: the file is empty \(0 bytes\)/,
  'bad/locked.pdf': /locked\.pdf: the PDF is password-protected/,
  // A zip's first bytes and nothing more: read as a deck, and refused as a damaged one.
  'bad/slides.pptx':
    /slides\.pptx: this is not a readable PowerPoint file \(.+\); check that it opens/,
  'bad/voicemail.mp3': /voicemail\.mp3: unsupported file type "\.mp3"/,
  'bad/wrong.pdf': /wrong\.pdf: the name ends in \.pdf but the file contains plain text/,
};

async function sha(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

beforeAll(async () => {
  dir = await makeTempDir();
  input = join(dir.path, 'in');
  out = join(dir.path, 'out');
  await dir.file('in/notes.txt', SYNTHETIC_TEXT);
  await dir.file(
    'in/sub/invoice.pdf',
    await makePdf([
      { lines: SYNTHETIC_TEXT.split('\n').map((text, i) => ({ text, x: 72, y: 700 - 16 * i })) },
    ]),
  );
  await dir.file('in/sub/letter.docx', await makeDocx(SYNTHETIC_TEXT.split('\n')));
  await dir.file('in/bad/corrupt.pdf', '%PDF-1.4\nnot really a pdf\n');
  await dir.file('in/bad/empty.txt', '');
  await dir.file(
    'in/bad/locked.pdf',
    await readFile(new URL('./fixtures/password-protected.pdf', import.meta.url)),
  );
  await dir.file('in/bad/slides.pptx', 'PK\u0003\u0004');
  await dir.file('in/bad/voicemail.mp3', 'ID3');
  await dir.file('in/bad/wrong.pdf', 'plain text pretending to be a PDF');
  await symlink(join(input, 'bad', 'missing.txt'), join(input, 'bad', 'dangling.txt'));
  for (const name of ['notes.txt', 'sub/invoice.pdf', 'sub/letter.docx'])
    before.set(name, await sha(join(input, name)));
  events = [];
  results = await runBatch([input, join(dir.path, 'does-not-exist.txt')], out, OPTIONS, (e) =>
    events.push(e),
  );
});

afterAll(async () => {
  await dir.remove();
});

describe('runBatch', () => {
  it('reports every input once, in a stable order, good and bad', () => {
    expect(results.map((r) => r.relativePath)).toEqual([
      ...Object.keys(BAD_INPUTS),
      'notes.txt',
      'sub/invoice.pdf',
      'sub/letter.docx',
      'does-not-exist.txt',
    ]);
    expect(results.filter((r) => r.status === 'ok').map((r) => r.relativePath)).toEqual([
      'notes.txt',
      'sub/invoice.pdf',
      'sub/letter.docx',
    ]);
    expect(results.at(-1)!.error).toMatch(/does-not-exist\.txt: no such file or folder/);
    for (const [name, message] of Object.entries(BAD_INPUTS)) {
      expect(results.find((r) => r.relativePath === name)!.error).toMatch(message);
    }
  });

  it('detects and anonymises the same PII in txt, pdf and docx', () => {
    for (const r of results.filter((x) => x.status === 'ok')) {
      const types = new Set(r.spans.map((s) => s.type));
      for (const t of ['EMAIL', 'PHONE', 'SSN', 'CREDIT_CARD', 'URL'] as const)
        expect(types.has(t), `${r.relativePath} ${t}`).toBe(true);
      expect(r.anonymized).not.toContain('jane.example@example.com');
      expect(r.anonymized).toContain('[EMAIL REDACTED]');
      for (const s of r.spans) expect(r.text.slice(s.start, s.end)).toBe(s.text);
    }
    const pdf = results.find((r) => r.relativePath === 'sub/invoice.pdf')!;
    expect(pdf).toMatchObject({ kind: 'pdf', pages: 1 });
    expect(pdf.fragments!.length).toBeGreaterThan(0);
  });

  it('writes anonymised text per ok file, mirroring the folder layout', async () => {
    const files = (await readdir(join(out, 'anonymized'), { recursive: true })).sort();
    expect(files).toEqual(['notes.txt', 'sub', 'sub/invoice.pdf.txt', 'sub/letter.docx.txt']);
    const notes = await readFile(join(out, 'anonymized', 'notes.txt'), 'utf8');
    expect(notes).toBe(results.find((r) => r.relativePath === 'notes.txt')!.anonymized);
  });

  it('writes one detections.jsonl line per input with its status and error', async () => {
    const lines = (await readFile(join(out, 'detections.jsonl'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.file)).toEqual(results.map((r) => r.relativePath));
    for (const [name, message] of Object.entries(BAD_INPUTS)) {
      const line = lines.find((l) => l.file === name)!;
      expect(line.status).toBe('error');
      expect(line.error).toMatch(message);
    }
    const pdf = lines.find((l) => l.file === 'sub/invoice.pdf')!;
    expect(pdf).toMatchObject({ status: 'ok', pages: 1, warnings: [] });
    expect(Object.keys(pdf)).not.toContain('fragments');
    expect((pdf.spans as unknown[]).length).toBeGreaterThan(0);
  });

  it('lists every input and its error in the Summary sheet', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(out, 'Results.xlsx'));
    const summary = wb.getWorksheet('Summary')!;
    const rows = new Map<string, { status: string; error: string }>();
    summary.eachRow((row, n) => {
      if (n > 1)
        rows.set(String(row.getCell(1).value), {
          status: String(row.getCell(2).value),
          error: String(row.getCell(3).value ?? ''),
        });
    });
    expect([...rows.keys()]).toEqual(results.map((r) => r.relativePath));
    for (const [name, message] of Object.entries(BAD_INPUTS)) {
      expect(rows.get(name)!.status).toBe('error');
      expect(rows.get(name)!.error).toMatch(message);
    }
    expect(rows.get('sub/invoice.pdf')!.status).toBe('ok');
  });

  it('never modifies the originals and leaves no temp files', async () => {
    for (const [name, hash] of before) expect(await sha(join(input, name))).toBe(hash);
    const all = await readdir(out, { recursive: true });
    expect(all.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('emits progress events: collected, one start and done per file, done', () => {
    expect(events[0]).toMatchObject({ type: 'collected' });
    expect(events.filter((e) => e.type === 'file-start')).toHaveLength(results.length);
    const done = events.filter((e) => e.type === 'file-done');
    expect(done.map((e) => e.type === 'file-done' && e.done)).toEqual(results.map((_, i) => i + 1));
    expect(events.at(-1)).toMatchObject({ type: 'done' });
  });
});

describe('runBatch: where outputs may go', () => {
  it('refuses an output folder inside an input folder, before reading anything', async () => {
    const error = await runBatch([input], join(input, 'out'), OPTIONS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/is inside the input folder/);
    expect(existsSync(join(input, 'out'))).toBe(false);
  });

  it('refuses the input folder itself and an input file as output', async () => {
    await expect(runBatch([input], input, OPTIONS)).rejects.toThrow(/is inside the input folder/);
    const file = join(input, 'notes.txt');
    await expect(runBatch([file], file, OPTIONS)).rejects.toThrow(/is an input file/);
  });

  it('refuses an output folder that contains an input', async () => {
    await expect(runBatch([join(input, 'notes.txt')], dir.path, OPTIONS)).rejects.toThrow(
      /inside the output folder/,
    );
  });

  it('sees through a symbolic link to the input folder', async () => {
    const link = join(dir.path, 'link-to-in');
    await symlink(input, link);
    await expect(runBatch([input], join(link, 'out'), OPTIONS)).rejects.toThrow(
      /is inside the input folder/,
    );
  });

  it('refuses an existing file as output folder', async () => {
    const file = await dir.file('not-a-folder', 'x');
    await expect(runBatch([join(input, 'notes.txt')], file, OPTIONS)).rejects.toThrow(
      /is an existing file, not a folder/,
    );
  });

  it('reports an output folder that cannot be created as one clear error', async () => {
    const file = await dir.file('blocker', 'x');
    const error = await runBatch([join(input, 'notes.txt')], join(file, 'out'), OPTIONS).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutputWriteError);
    expect((error as Error).message).toMatch(
      /cannot write the outputs to .*blocker\/out .*check that the folder is writable/,
    );
  });

  it('rejects options a run cannot use', async () => {
    await expect(
      runBatch([input], join(dir.path, 'o2'), { ...OPTIONS, types: [] }),
    ).rejects.toThrow(UsageError);
    await expect(
      runBatch([input], join(dir.path, 'o2'), { ...OPTIONS, concurrency: 0 }),
    ).rejects.toThrow(/--concurrency/);
    await expect(runBatch([], join(dir.path, 'o2'), OPTIONS)).rejects.toThrow(/no input/);
    await mkdir(join(dir.path, 'empty-folder'));
    await expect(
      runBatch([join(dir.path, 'empty-folder')], join(dir.path, 'o2'), OPTIONS),
    ).rejects.toThrow(/no files found in .*empty-folder/);
  });
});

describe('runBatch: redacted copies', () => {
  it('with --formats pdf, writes a redacted PDF or says why not, and the batch goes on', async () => {
    const out2 = join(dir.path, 'out-pdf');
    const res = await runBatch([join(input, 'sub'), join(input, 'notes.txt')], out2, {
      ...OPTIONS,
      types: entityTypes.list(),
      formats: ['pdf', 'json'],
    });
    const pdf = res.find((r) => r.relativePath === 'invoice.pdf')!;
    expect(pdf.status, pdf.error).toBe('ok');
    const redacted = await readFile(join(out2, 'redacted', 'invoice.pdf'));
    expect(Buffer.from(redacted.subarray(0, 5)).toString()).toBe('%PDF-');
    // The redacted copy opens as a PDF and no longer yields the e-mail address as text.
    const copy = await extractDocument(join(out2, 'redacted', 'invoice.pdf'), { ocr: 'never' });
    expect(copy.pages).toHaveLength(1);
    expect(copy.text).not.toContain('jane.example@example.com');
    // Text and Word inputs get no redacted copy and no warning about it.
    expect(res.find((r) => r.relativePath === 'notes.txt')!.warnings).toEqual([]);
    expect(existsSync(join(out2, 'detections.jsonl'))).toBe(true);
    expect(existsSync(join(out2, 'Results.xlsx'))).toBe(false);
  });
});

describe('writeOutputs', () => {
  it('turns a failed redacted copy into that file’s error and still writes its text and the rest', async () => {
    const out3 = join(dir.path, 'out-fail');
    const text = 'Mail jane@example.com';
    const vanished: FileResult = {
      file: join(dir.path, 'vanished.pdf'),
      relativePath: 'vanished.pdf',
      status: 'ok',
      kind: 'pdf',
      pages: 1,
      pageInfo: [{ page: 1, width: 612, height: 792, textSource: 'text-layer' }],
      warnings: [],
      text,
      spans: [],
      anonymized: text,
      fragments: [],
    };
    const notes = results.find((r) => r.relativePath === 'notes.txt')!;
    const { results: reported, written } = await writeOutputs([vanished, notes], out3, {
      ...OPTIONS,
      formats: ['pdf', 'txt', 'json', 'xlsx'],
    });
    expect(reported[0]!.status).toBe('error');
    expect(reported[0]!.error).toMatch(/^vanished\.pdf: the redacted copy could not be written/);
    expect(reported[1]!.status).toBe('ok');
    expect(await readFile(join(out3, 'anonymized', 'vanished.pdf.txt'), 'utf8')).toBe(text);
    expect(written.map((w) => w.slice(out3.length + 1)).sort()).toEqual([
      'Results.xlsx',
      'anonymized/notes.txt',
      'anonymized/vanished.pdf.txt',
      'detections.jsonl',
    ]);
    const line = JSON.parse(
      (await readFile(join(out3, 'detections.jsonl'), 'utf8')).split('\n')[0]!,
    ) as {
      status: string;
      text: string;
    };
    expect(line).toMatchObject({ status: 'error', text });
  });

  it('gives clashing output names a number instead of overwriting one file with another', async () => {
    const clash = join(dir.path, 'clash');
    await dir.file('clash/x.pdf.txt', 'text file mailing jane@example.com');
    await dir.file(
      'clash/x.pdf',
      await makePdf([{ lines: [{ text: 'pdf mailing jane@example.com', x: 72, y: 700 }] }]),
    );
    const out4 = join(dir.path, 'out-clash');
    await runBatch([clash], out4, { ...OPTIONS, formats: ['txt'] });
    expect((await readdir(join(out4, 'anonymized'))).sort()).toEqual([
      'x.pdf (2).txt',
      'x.pdf.txt',
    ]);
    expect(await readFile(join(out4, 'anonymized', 'x.pdf.txt'), 'utf8')).toBe(
      'pdf mailing [EMAIL REDACTED]',
    );
    expect(await readFile(join(out4, 'anonymized', 'x.pdf (2).txt'), 'utf8')).toBe(
      'text file mailing [EMAIL REDACTED]',
    );
  });
});
