/**
 * A large CSV is read as a stream, a chunk of rows at a time: the redacted copy holds every row
 * with every detection replaced, the counts cover the whole file, and the result keeps only the
 * first chunk as its preview (memory stays bounded; `npm run bench:pipeline` measures it).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { CSV_CHUNK_ROWS, processLargeCsv } from '../../src/pipeline/largeCsv.js';
import { makeTempDir, type TempDir } from './fixtures.js';

const ROWS = CSV_CHUNK_ROWS * 2 + 123;
let dir: TempDir;
let input: string;
beforeAll(async () => {
  dir = await makeTempDir();
  const lines = ['Client;E-mail;Amount'];
  for (let i = 0; i < ROWS; i++) {
    lines.push(`${i % 500 === 0 ? 'Renée' : 'Client'} ${i};client${i}@example.org;${i},00`);
  }
  // Windows-1252 with a semicolon delimiter, as a continental export writes it.
  input = await dir.file('in/export.csv', Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
});
afterAll(() => dir.remove());

describe('a large CSV', () => {
  it('is redacted row by row in chunks, every row in the copy, every detection counted', async () => {
    const detector = await createDetector({ ner: false });
    const copy = join(dir.path, 'out', 'export.csv');
    const result = await processLargeCsv(
      { file: input, relativePath: 'export.csv' },
      detector,
      detector.policy,
      copy,
    );
    expect(result.status).toBe('ok');
    expect(result.totals).toEqual({ EMAIL: ROWS });
    // The preview is the first chunk only.
    expect(result.spans.length).toBe(CSV_CHUNK_ROWS);
    expect(result.warnings[0]).toMatch(
      /is large \(4,123 rows\): it was read in chunks of 2,000 rows/,
    );
    const lines = (await readFile(copy, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Client;E-mail;Amount');
    expect(lines).toHaveLength(ROWS + 1);
    // Read as Windows-1252: the accented name survives the round trip into UTF-8.
    expect(lines[1]).toBe('Renée 0;[EMAIL REDACTED];0,00');
    expect(lines[ROWS]).toBe(`Client ${ROWS - 1};[EMAIL REDACTED];${ROWS - 1},00`);
    expect(lines.join('\n')).not.toMatch(/@example\.org/);
  });
});
