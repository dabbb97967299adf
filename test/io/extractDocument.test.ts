import { mkdir, symlink, truncate } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../src/extract/extractDocument.js';
import { InputError, type InputErrorCode } from '../../src/domain/inputError.js';
import { makeDocx, makePdf, makeTempDir, SYNTHETIC_TEXT, type TempDir } from './fixtures.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await dir.remove();
});

async function expectInputError(
  file: string,
  code: InputErrorCode,
  message: RegExp,
): Promise<void> {
  const error = await extractDocument(file, { ocr: 'never' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InputError);
  expect((error as InputError).code).toBe(code);
  expect((error as InputError).message).toMatch(message);
}

describe('extractDocument: formats', () => {
  it('reads a UTF-8 text file as is (line endings normalised)', async () => {
    const file = await dir.file('invoice.txt', SYNTHETIC_TEXT.replace(/\n/g, '\r\n'));
    const doc = await extractDocument(file, { ocr: 'never' });
    expect(doc).toMatchObject({
      kind: 'txt',
      text: SYNTHETIC_TEXT,
      pages: [],
      fragments: [],
      warnings: [],
    });
  });

  it('reads a .docx with one line per paragraph', async () => {
    const file = await dir.file(
      'letter.docx',
      await makeDocx([
        'Dear Jane Example,',
        'Your card 4111 1111 1111 1111 was charged.',
        'Regards',
      ]),
    );
    const doc = await extractDocument(file, { ocr: 'never' });
    expect(doc.kind).toBe('docx');
    // The body, then the document properties the docx library writes (author "Un-named"). The
    // styles in use are Word's own ("Normal", "footnote reference"): their names are no one's
    // words and are not read.
    expect(doc.text).toBe(
      'Dear Jane Example,\nYour card 4111 1111 1111 1111 was charged.\nRegards\n\n' +
        'creator: Un-named\nlastModifiedBy: Un-named',
    );
  });

  it('reads a UTF-16 text file with a BOM (NUL bytes do not make it binary)', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Jane Example\r\n', 'utf16le'),
    ]);
    const doc = await extractDocument(await dir.file('utf16.txt', bytes), { ocr: 'never' });
    expect(doc.text).toBe('Jane Example\n');
  });

  it('warns about a Word document without text instead of failing', async () => {
    const doc = await extractDocument(await dir.file('blank.docx', await makeDocx([''])), {
      ocr: 'never',
    });
    expect(doc.text).toBe('creator: Un-named\nlastModifiedBy: Un-named');
    expect(doc.warnings).toContain('the document contains no text');
  });

  it('accepts upper-case extensions', async () => {
    const file = await dir.file(
      'SCAN.PDF',
      await makePdf([{ lines: [{ text: 'Upper case', x: 72, y: 700 }] }]),
    );
    expect((await extractDocument(file, { ocr: 'never' })).text).toBe('Upper case');
  });
});

describe('extractDocument: bad input gets a specific error', () => {
  it('missing path', async () => {
    await expectInputError(
      join(dir.path, 'nope.txt'),
      'not-found',
      /^nope\.txt: no such file or folder; check the path$/,
    );
  });

  it('unreadable: a link to a file that does not exist', async () => {
    // Tests run as root here and in CI, and root can read a chmod-000 file, so "unreadable" is
    // exercised with a dangling symbolic link, which no user can read.
    const link = join(dir.path, 'dangling.txt');
    await symlink(join(dir.path, 'gone.txt'), link);
    await expectInputError(
      link,
      'unreadable',
      /dangling\.txt: cannot be read: it is a link to a file that does not exist/,
    );
  });

  it('unreadable: permission denied (only testable when not running as root)', async () => {
    if (process.getuid?.() === 0) {
      console.log(
        'skipped permission-denied case: running as root, which can read chmod-000 files',
      );
      return;
    }
    const file = await dir.file('secret.txt', 'text');
    execFileSync('chmod', ['000', file]);
    await expectInputError(file, 'unreadable', /secret\.txt: cannot be read: permission denied/);
  });

  it('not a regular file: a FIFO is refused without blocking', async () => {
    const fifo = join(dir.path, 'pipe.txt');
    execFileSync('mkfifo', [fifo]);
    await expectInputError(fifo, 'not-a-file', /pipe\.txt: is not a regular file/);
  });

  it('a folder passed where a file is expected', async () => {
    const folder = join(dir.path, 'folder.txt');
    await mkdir(folder);
    await expectInputError(folder, 'not-a-file', /folder\.txt: is a folder/);
  });

  it('empty file', async () => {
    await expectInputError(
      await dir.file('empty.txt', ''),
      'empty',
      /empty\.txt: the file is empty \(0 bytes\)/,
    );
  });

  it('whitespace-only text file', async () => {
    await expectInputError(
      await dir.file('blank.txt', ' \n\t\n'),
      'empty',
      /blank\.txt: the file contains only whitespace/,
    );
  });

  it('unsupported extension', async () => {
    await expectInputError(
      await dir.file('sample-3s.mp3', 'ID3'),
      'unsupported-type',
      /sample-3s\.mp3: unsupported file type "\.mp3"; supported types are \.txt/,
    );
  });

  it('a format finance keeps that is not read: what to do with it instead', async () => {
    await expectInputError(
      await dir.file('deck.ppt', 'PK'),
      'unsupported-type',
      /deck\.ppt: a presentation in this format is not read here \(\.pptx is\); save it as \.pptx, or export it as PDF/,
    );
    await expectInputError(
      await dir.file('ledgers.7z', '7z'),
      'unsupported-type',
      /ledgers\.7z: only \.zip archives are opened here; extract it and add the folder/,
    );
    await expectInputError(
      await dir.file('statement.pdf.p7m', '0'),
      'unsupported-type',
      /statement\.pdf\.p7m: the file is encrypted \(or signed and wrapped\).*; decrypt it/,
    );
  });

  it('no extension: says what the file holds and the name it needs', async () => {
    await expectInputError(
      await dir.file('README', 'hello'),
      'unsupported-type',
      /README: the file has no extension, and it holds plain text; save a copy of it named with \.txt/,
    );
    // A mail program's nameless attachment that is a PDF.
    await expectInputError(
      await dir.file('attachment-1', '%PDF-1.4\n%\u00e2\u00e3\n'),
      'unsupported-type',
      /attachment-1: the file has no extension, and it holds a PDF document; save a copy of it named with \.pdf/,
    );
    // Told from its head: a 3 GiB file (sparse here) is not read whole to be refused, which
    // Node cannot do past 2 GiB anyway.
    const huge = await dir.file('scan-export', '%PDF-1.7\n');
    await truncate(huge, 3 * 1024 ** 3);
    await expectInputError(
      huge,
      'unsupported-type',
      /scan-export: the file has no extension, and it holds a PDF document; save a copy of it named with \.pdf/,
    );
    await expectInputError(
      await dir.file('blob', new Uint8Array([0, 1, 2, 3, 200, 201, 202, 7, 8, 9])),
      'unsupported-type',
      /blob: the file has no extension, and it holds binary data of an unknown format; supported types are \.txt/,
    );
  });

  it('a .pdf that is really text', async () => {
    await expectInputError(
      await dir.file('fake.pdf', 'just text'),
      'type-mismatch',
      /fake\.pdf: the name ends in \.pdf but the file contains plain text/,
    );
  });

  it('a .txt that is really a PDF', async () => {
    const file = await dir.file(
      'report.txt',
      await makePdf([{ lines: [{ text: 'x', x: 10, y: 10 }] }]),
    );
    await expectInputError(
      file,
      'type-mismatch',
      /report\.txt: the name ends in \.txt but the file contains a PDF document; rename it/,
    );
  });

  it('a .docx that is really a PDF', async () => {
    const file = await dir.file(
      'memo.docx',
      await makePdf([{ lines: [{ text: 'x', x: 10, y: 10 }] }]),
    );
    await expectInputError(
      file,
      'type-mismatch',
      /memo\.docx: the name ends in \.docx but the file contains a PDF document/,
    );
  });

  it('a .txt with binary content', async () => {
    await expectInputError(
      await dir.file('data.txt', new Uint8Array([0, 1, 2, 3, 0, 0x99, 4, 5])),
      'type-mismatch',
      /binary data/,
    );
  });

  it('a password-protected or legacy Word file', async () => {
    const ole2 = new Uint8Array([
      0xd0,
      0xcf,
      0x11,
      0xe0,
      0xa1,
      0xb1,
      0x1a,
      0xe1,
      ...new Array(512).fill(0),
    ]);
    await expectInputError(
      await dir.file('locked.docx', ole2),
      'encrypted-docx',
      /locked\.docx: the Word file is password-protected or in the old Word 97-2003 format/,
    );
  });

  it('a ZIP that is not a Word document', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
    await expectInputError(
      await dir.file('archive.docx', zip),
      'corrupt-docx',
      /archive\.docx: this is not a readable Word document/,
    );
  });

  it('text that is not valid in any encoding we accept', async () => {
    await expectInputError(
      await dir.file('mixed.txt', new Uint8Array([0x41, 0x42, 0x81, 0x43, 0x0a])),
      'encoding',
      /mixed\.txt: cannot decode the text.*save it as UTF-8/,
    );
  });
});
