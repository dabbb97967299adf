import { describe, expect, it } from 'vitest';
import type { Detector } from '../../src/detect/engine.js';
import type { DocumentText } from '../../src/domain/documentText.js';
import { InputError } from '../../src/domain/inputError.js';
import { makeSpan, type Span } from '../../src/domain/span.js';
import { processFile, type Extract } from '../../src/pipeline/processFile.js';

const TEXT = 'Call Ann Lee on 123 45 6789 about Acme.';
const at = (s: string): [number, number] => [TEXT.indexOf(s), TEXT.indexOf(s) + s.length];

const fakeExtract: Extract = (file) =>
  Promise.resolve<DocumentText>({
    kind: 'txt',
    text: TEXT,
    pages: [],
    fragments: [],
    warnings: [`read ${file} without touching the disk`],
  });

function fakeDetector(candidates: Span[]): Detector {
  return {
    policy: { types: ['NAME', 'SSN', 'COMPANY'], modelThreshold: 0.5 },
    candidates: () => Promise.resolve(candidates),
    detect: () => Promise.reject(new Error('processFile resolves candidates itself')),
    detectPatterns: () => Promise.reject(new Error('processFile writes no copy')),
  };
}

const candidates = [
  makeSpan(TEXT, ...at('Ann Lee'), 'NAME', 0.9, 'ner'),
  makeSpan(TEXT, ...at('123 45 6789'), 'SSN', 0.5, 'pattern'),
  makeSpan(TEXT, ...at('Acme'), 'COMPANY', 0.3, 'ner'),
];
const input = { file: '/nowhere/memo.txt', relativePath: 'memo.txt' };

describe('processFile with a fake extractor and detector', () => {
  it('applies the detector’s policy to the candidates and keeps the candidates', async () => {
    const result = await processFile(
      input,
      { detector: fakeDetector(candidates), extract: fakeExtract },
      { ocr: 'never' },
    );
    expect(result.status).toBe('ok');
    expect(result.warnings).toEqual(['read /nowhere/memo.txt without touching the disk']);
    expect(result.candidates).toHaveLength(3);
    expect(result.anonymized).toBe('Call [NAME REDACTED] on [SSN REDACTED] about Acme.');
  });

  it('applies a policy given for the run instead', async () => {
    const result = await processFile(
      input,
      {
        detector: fakeDetector(candidates),
        extract: fakeExtract,
        policy: { types: ['SSN', 'COMPANY'], modelThreshold: 0.95 },
      },
      { ocr: 'never' },
    );
    // A threshold of 0.95 hides model spans only: the 0.5 pattern SSN stays redacted.
    expect(result.anonymized).toBe('Call Ann Lee on [SSN REDACTED] about Acme.');
  });

  it('turns an extractor’s InputError into that file’s error result', async () => {
    const failing: Extract = (file) =>
      Promise.reject(new InputError('empty', file, 'the file is empty', 'check it'));
    const result = await processFile(
      input,
      { detector: fakeDetector([]), extract: failing },
      { ocr: 'never' },
    );
    expect(result).toMatchObject({
      status: 'error',
      error: 'memo.txt: the file is empty; check it',
    });
    expect(result.spans).toEqual([]);
  });
});
