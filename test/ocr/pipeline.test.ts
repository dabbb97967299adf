import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileResult } from '../../src/domain/fileResult.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { fixture } from './helpers/fixtures.js';

let dir: string;
let results: FileResult[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-ocr-batch-'));
  const inDir = path.join(dir, 'in');
  await mkdir(path.join(inDir, 'receipts'), { recursive: true });
  await copyFile(
    fixture('letter-300dpi-noisy.jpg').path,
    path.join(inDir, 'receipts', 'letter.jpg'),
  );
  await writeFile(
    path.join(inDir, 'broken.png'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  );
  await writeFile(
    path.join(inDir, 'blank.png'),
    await sharp({ create: { width: 600, height: 800, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
  );
  results = await runBatch([inDir], path.join(dir, 'out'), {
    ...DEFAULT_REDACT_OPTIONS,
    ner: false,
    formats: ['json', 'pdf'],
    types: ['EMAIL', 'PHONE', 'URL', 'SSN', 'CREDIT_CARD'],
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function result(relativePath: string): FileResult {
  const found = results.find((r) => r.relativePath === relativePath);
  if (!found) throw new Error(`no result for ${relativePath}`);
  return found;
}

describe('images through the redaction pipeline', () => {
  it("detects PII in an OCR'd image and reports its OCR pages and confidence", () => {
    const letter = result(path.join('receipts', 'letter.jpg'));
    expect(letter.status).toBe('ok');
    expect(letter.kind).toBe('image');
    expect(letter.ocrPages).toBe(1);
    expect(letter.ocrConfidence).toBeGreaterThan(80);
    expect(letter.spans.map((s) => `${s.type}:${s.text}`)).toContain('EMAIL:info@jaskolski.net');
    expect(letter.anonymized).not.toContain('info@jaskolski.net');
  });

  it('writes a redacted PNG under redacted/ and the OCR figures into detections.jsonl', async () => {
    const png = path.join(dir, 'out', 'redacted', 'receipts', 'letter.jpg.png');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    const jsonl = (await readFile(path.join(dir, 'out', 'detections.jsonl'), 'utf8'))
      .trim()
      .split('\n');
    const record = jsonl
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((r) => r.file === path.join('receipts', 'letter.jpg'));
    expect(record).toMatchObject({ ocrPages: 1 });
    expect(record?.ocrConfidence).toBeGreaterThan(80);
  });

  it('keeps going past a broken image and flags a blank one', () => {
    const broken = result('broken.png');
    expect(broken.status).toBe('error');
    expect(broken.error).toMatch(/^broken\.png: the image is damaged or truncated/);
    const blank = result('blank.png');
    expect(blank.status).toBe('ok');
    expect(blank.warnings).toContain('page 1 is blank');
  });
});
