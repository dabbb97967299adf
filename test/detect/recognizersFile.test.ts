/**
 * The recognizers file: a user's own types, terms, patterns and allow-list. Every mistake is a
 * usage error naming the file, the line and the problem, and no pattern can hang a batch.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import {
  loadRecognizersFile,
  parseRecognizers,
  RecognizersFileError,
} from '../../src/detect/recognizersFile.js';
import { userRecognizer } from '../../src/detect/userRecognizers.js';
import { entityTypeInfo } from '../../src/domain/entityTypes.js';
import { UsageError } from '../../src/domain/usageError.js';

// The example the README documents and the demo runs with, as the issue wrote it.
const EXAMPLE = readFileSync(
  join(import.meta.dirname, '..', '..', 'samples', 'recognizers.yaml'),
  'utf8',
);

function problem(source: string): string {
  try {
    parseRecognizers(source, 'r.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(RecognizersFileError);
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('reading a recognizers file', () => {
  it('reads types, recognizers and the allow-list', () => {
    const config = parseRecognizers(EXAMPLE, 'r.yaml');
    expect(config.types).toEqual([
      { type: 'CLIENT_CODE', label: 'Client Code', placeholder: '[CLIENT CODE REDACTED]' },
    ]);
    expect(config.recognizers.map((r) => [r.name, r.type])).toEqual([
      ['Our clients', 'COMPANY'],
      ['Client codes', 'CLIENT_CODE'],
    ]);
    expect(config.recognizers[1]).toMatchObject({ context: ['client', 'customer'], score: 0.9 });
    expect(config.allow).toEqual(['Reserve Bank of India']);
  });

  it('takes an empty file as no recognizers', () => {
    expect(parseRecognizers('', 'r.yaml')).toEqual({ types: [], recognizers: [], allow: [] });
  });

  it.each([
    ['invalid YAML', 'allow:\n  - a\n - b\n', /^r\.yaml:3: invalid YAML/],
    [
      'an unknown type',
      'recognizers:\n  - name: X\n    type: CLIENT_CODE\n    terms: [a]\n',
      /^r\.yaml:3: recognizer "X": unknown type CLIENT_CODE; declare it under "types:"/,
    ],
    [
      'an invalid regex',
      "recognizers:\n  - name: X\n    type: NAME\n    patterns: ['(a']\n",
      /^r\.yaml:4: recognizer "X": invalid pattern "\(a": .*missing closing \)/,
    ],
    [
      'look-behind, which a linear-time engine does not have',
      "recognizers:\n  - name: X\n    type: NAME\n    patterns: ['(?<=a)b']\n",
      /^r\.yaml:4: recognizer "X": invalid pattern/,
    ],
    [
      'a pattern that matches the empty string',
      "recognizers:\n  - name: X\n    type: NAME\n    patterns:\n      - 'CL-\\d{6}'\n      - 'x*'\n",
      /^r\.yaml:6: recognizer "X": invalid pattern "x\*": it matches the empty string/,
    ],
    [
      'a word boundary alone (empty match)',
      "recognizers:\n  - name: X\n    type: NAME\n    patterns: ['\\b']\n",
      /matches the empty string/,
    ],
    [
      'an unknown key (a typo would silently do nothing)',
      'recognizers:\n  - name: X\n    type: NAME\n    term: [a]\n',
      /^r\.yaml:4: unknown key "term" in a recognizer; allowed: name, type, terms, patterns/,
    ],
    [
      'a recognizer with nothing to find',
      'recognizers:\n  - name: X\n    type: NAME\n',
      /^r\.yaml:2: recognizer "X" needs "terms" or "patterns"/,
    ],
    [
      'a score outside 0–1',
      'recognizers:\n  - name: X\n    type: NAME\n    terms: [a]\n    score: 2\n',
      /^r\.yaml:5: recognizer "X": score must be a number from 0 to 1/,
    ],
    [
      'a bad type name',
      'types:\n  - name: client code\n',
      /^r\.yaml:2: type name "client code" must be upper-case/,
    ],
    [
      'a built-in type declared again',
      'types:\n  - name: NAME\n',
      /^r\.yaml:2: type NAME is built in/,
    ],
    [
      'an allow-list that is not a list',
      'allow: Reserve Bank of India\n',
      /^r\.yaml:1: "allow" must be a list/,
    ],
    [
      'an empty term',
      "recognizers:\n  - name: X\n    type: NAME\n    terms: ['a', '']\n",
      /^r\.yaml:4: each entry of recognizer "X"'s terms must be a non-empty text/,
    ],
  ])('refuses %s with file, line and problem', (_what, source, message) => {
    expect(problem(source)).toMatch(message);
  });

  it('names a missing file', async () => {
    await expect(loadRecognizersFile('/no/such/r.yaml')).rejects.toThrow(
      '/no/such/r.yaml: cannot read the recognizers file (no such file)',
    );
  });

  it('reads a file from disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'finredact-rec-'));
    writeFileSync(join(dir, 'r.yaml'), EXAMPLE);
    expect((await loadRecognizersFile(join(dir, 'r.yaml'))).recognizers).toHaveLength(2);
  });
});

describe('user recognizers in detection', () => {
  it('finds terms as whole words ignoring case and spacing, patterns, and keeps allowed values', async () => {
    const detector = await createDetector({
      ner: false,
      userRecognizers: parseRecognizers(EXAMPLE, 'r.yaml'),
    });
    const text =
      'PROJECT  FALCON\nand Project\nFalcon for client CL-123456 (not CL-1234567, not xAcme Holdings).\n' +
      'Reserve Bank of India, IBAN DE89 3704 0044 0532 0130 00; DE89 3704 0044 0532 0130 01.';
    const spans = await detector.detect(text);
    expect(spans.map((s) => [s.type, s.text, s.source])).toEqual([
      ['COMPANY', 'PROJECT  FALCON', 'user'],
      ['COMPANY', 'Project\nFalcon', 'user'],
      ['CLIENT_CODE', 'CL-123456', 'user'],
      ['BANK_ACCOUNT', 'DE89 3704 0044 0532 0130 00', 'pattern'],
    ]);
    expect(entityTypeInfo('CLIENT_CODE').placeholder).toBe('[CLIENT CODE REDACTED]');
    expect(detector.policy.types).toContain('CLIENT_CODE');
  });

  it('raises a low-scoring pattern to the threshold only with context', async () => {
    const spec = {
      name: 'codes',
      type: 'NAME',
      patterns: ['ZX\\d{4}'],
      context: ['client'],
      score: 0.3,
    };
    const rec = userRecognizer(spec);
    expect(await rec.analyze('client ZX1234')).toHaveLength(1);
    expect(await rec.analyze('order ZX1234')).toHaveLength(0);
  });

  it('runs a catastrophically backtracking pattern in linear time instead of hanging', async () => {
    // With a backtracking engine (a JavaScript RegExp) this input never finishes: 2^40 paths.
    const rec = userRecognizer({ name: 'evil', type: 'NAME', patterns: ['(a+)+$'] });
    const text = `${'a'.repeat(40)}!`.repeat(2000);
    expect(await rec.analyze(text)).toEqual([]);
  });

  it('a user term beats the model and the patterns where they overlap', async () => {
    const detector = await createDetector({
      ner: false,
      userRecognizers: parseRecognizers(
        'recognizers:\n  - name: mail\n    type: COMPANY\n    terms: ["acme.com"]\n',
        'r.yaml',
      ),
    });
    const spans = await detector.detect('Write to acme.com today');
    expect(spans.map((s) => [s.type, s.text])).toEqual([['COMPANY', 'acme.com']]);
  });
});
