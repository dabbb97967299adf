import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerEvalCommand } from '../../src/cli/commands/eval.js';
import { formatEvaluationReport } from '../../src/eval/formatEvaluationReport.js';
import { guessFormat, runEvaluation } from '../../src/eval/runEvaluation.js';
import { parseRecognizers } from '../../src/detect/recognizersFile.js';

function labelled(text: string, values: [string, string][]): string {
  const spans = values.map(([value, type]) => {
    const start = text.indexOf(value);
    if (start < 0) throw new Error(value);
    return { start, end: start + value.length, type };
  });
  return JSON.stringify({ id: text.slice(0, 10), text, spans });
}

function writeDataset(): string {
  const dir = mkdtempSync(join(tmpdir(), 'finredact-eval-'));
  const file = join(dir, 'set.jsonl');
  const lines = [
    labelled('Contact jane@acme.example or +44 20 7946 0958.', [
      ['jane@acme.example', 'EMAIL'],
      ['+44 20 7946 0958', 'PHONE'],
    ]),
    // The name needs the model: with patterns only it is missed and leaks.
    labelled('Signed by Jane Roe, SSN 123-45-6789', [
      ['Jane Roe', 'NAME'],
      ['123-45-6789', 'SSN'],
    ]),
    labelled('Invoice 2024-00123, total 12,480.00', []),
  ];
  writeFileSync(file, lines.join('\n'));
  return file;
}

describe('runEvaluation', () => {
  it('scores a jsonl set with patterns only', async () => {
    const report = await runEvaluation({ data: writeDataset(), ner: false });
    expect(report.kind).toBe('spans');
    if (report.kind !== 'spans') return;
    expect(report.documents).toBe(3);
    expect(report.exact.perType.EMAIL).toMatchObject({ precision: 1, recall: 1 });
    expect(report.exact.perType.SSN).toMatchObject({ precision: 1, recall: 1 });
    expect(report.exact.perType.NAME).toMatchObject({ gold: 1, recall: 0 });
    expect(report.exact.micro).toMatchObject({ gold: 4, predicted: 3, matchedGold: 3 });
    expect(report.leak.leakedChars).toBe('JaneRoe'.length);
    const table = formatEvaluationReport(report);
    expect(table).toMatch(/Exact match/);
    expect(table).toMatch(/micro\s+4\s+3\s+100\.0%\s+75\.0%/);
  });

  it('scores only the requested types', async () => {
    const report = await runEvaluation({ data: writeDataset(), ner: false, types: ['EMAIL'] });
    if (report.kind !== 'spans') throw new Error('expected a span report');
    expect(report.exact.micro).toMatchObject({ gold: 1, predicted: 1, precision: 1, recall: 1 });
    expect(report.leak.goldChars).toBe('jane@acme.example'.length);
  });

  it('scores with a recognizers file: its own types get rows and count like built-in ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'finredact-eval-'));
    const data = join(dir, 'codes.jsonl');
    writeFileSync(
      data,
      [
        labelled('Client CL-123456 paid; CL-999 is no code.', [['CL-123456', 'CLIENT_CODE']]),
        labelled('Our client Acme Holdings and the Reserve Bank of India.', [
          ['Acme Holdings', 'COMPANY'],
        ]),
      ].join('\n'),
    );
    const recognizers = parseRecognizers(
      readFileSync(join(import.meta.dirname, '..', '..', 'samples', 'recognizers.yaml'), 'utf8'),
      'recognizers.yaml',
    );
    const report = await runEvaluation({ data, ner: false, recognizers });
    if (report.kind !== 'spans') throw new Error('expected a span report');
    expect(report.types).toContain('CLIENT_CODE');
    expect(report.exact.perType.CLIENT_CODE).toMatchObject({ gold: 1, predicted: 1, f1: 1 });
    expect(report.exact.perType.COMPANY).toMatchObject({ gold: 1, predicted: 1, f1: 1 });
    expect(report.leak.rate).toBe(0);
    expect(formatEvaluationReport(report)).toMatch(/CLIENT_CODE\s+1\s+1\s+100\.0%/);
  });

  it('scores presidio data against its own gold and against the gold LABELS.md draws', async () => {
    const text = 'Mail ann@mail.example, or write to 28245 Puruntie 82\n Apt. 595\n ESPOO';
    const at = (value: string, entity_type: string) => {
      const start_position = text.indexOf(value);
      return { entity_type, start_position, end_position: start_position + value.length };
    };
    const file = join(mkdtempSync(join(tmpdir(), 'finredact-eval-')), 'synth_dataset_v2.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          full_text: text,
          spans: [
            at('ann@mail.example', 'EMAIL_ADDRESS'),
            at('28245', 'STREET_ADDRESS'),
            at('Puruntie 82', 'STREET_ADDRESS'),
            at('Apt. 595', 'STREET_ADDRESS'),
            at('ESPOO', 'GPE'),
          ],
        },
      ]),
    );
    const report = await runEvaluation({ data: file, ner: false });
    if (report.kind !== 'spans' || !report.policy) throw new Error('expected a policy section');
    // The e-mail is found; under LABELS.md the three street pieces and the town are one address.
    expect(report.exact.micro).toMatchObject({ gold: 4, matchedGold: 1 });
    expect(report.policy.exact.micro).toMatchObject({ gold: 2, matchedGold: 1 });
    // That one address, predicted exactly, still matches none of presidio's three pieces.
    expect(report.policy.ceiling.micro).toMatchObject({
      gold: 4,
      matchedGold: 1,
      predicted: 2,
      matchedPredicted: 1,
    });
    expect(formatEvaluationReport(report)).toMatch(
      /Ceiling of the exact table .*: P 50\.0%\s+R 25\.0%\s+F1 33\.3%/,
    );
    const jsonl = await runEvaluation({ data: writeDataset(), ner: false });
    expect(jsonl.kind === 'spans' && jsonl.policy).toBe(undefined);
  });

  it('guesses the format from the path', () => {
    expect(guessFormat('x/test.jsonl')).toBe('jsonl');
    expect(guessFormat('x/gold.json')).toBe('real-dev');
    expect(guessFormat('x/synth_dataset_v2.json')).toBe('presidio');
    expect(() => guessFormat('x/unknown.csv')).toThrow(/--format/);
  });
});

describe('finredact eval command', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints the report as JSON', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(
      (chunk) => (out.push(String(chunk)), true),
    );
    let code = 0;
    const program = new Command('finredact').exitOverride();
    registerEvalCommand(program, (c) => (code = c));
    await program.parseAsync(['eval', '--data', writeDataset(), '--no-ner', '--json'], {
      from: 'user',
    });
    expect(code).toBe(0);
    const report = JSON.parse(out.join('')) as {
      kind: string;
      ner: boolean;
      exact: { micro: { gold: number } };
    };
    expect(report).toMatchObject({ kind: 'spans', ner: false, exact: { micro: { gold: 4 } } });
  });

  it('scores the model folder that --model names, and refuses one without a model', async () => {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(
      (chunk) => (out.push(String(chunk)), true),
    );
    vi.spyOn(process.stderr, 'write').mockImplementation(
      (chunk) => (err.push(String(chunk)), true),
    );
    const run = async (args: string[]): Promise<number> => {
      let code = 0;
      const program = new Command('finredact').exitOverride();
      registerEvalCommand(program, (c) => (code = c));
      await program.parseAsync(['eval', '--data', writeDataset(), ...args], { from: 'user' });
      return code;
    };
    const shipped = join(import.meta.dirname, '..', '..', 'models', 'pii-ner');
    expect(await run(['--model', shipped, '--json'])).toBe(0);
    const report = JSON.parse(out.join('')) as {
      ner: boolean;
      exact: { perType: { NAME: { matchedGold: number } } };
    };
    // "Jane Roe" needs the model: patterns alone miss it (see above).
    expect(report).toMatchObject({ ner: true, exact: { perType: { NAME: { matchedGold: 1 } } } });
    const empty = mkdtempSync(join(tmpdir(), 'finredact-nomodel-'));
    expect(await run(['--model', empty])).toBe(2);
    expect(await run(['--model', shipped, '--no-ner'])).toBe(2);
    expect(err.join('')).toMatch(/--model .*finredact-nomodel-\w+ holds no model\.onnx/);
    expect(err.join('')).toMatch(/--model names a NER model, which --no-ner turns off/);
  });

  it('exits with 2 and a message for a missing data file', async () => {
    const err: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation(
      (chunk) => (err.push(String(chunk)), true),
    );
    let code = 0;
    const program = new Command('finredact').exitOverride();
    registerEvalCommand(program, (c) => (code = c));
    await program.parseAsync(['eval', '--data', '/nonexistent/set.jsonl', '--no-ner'], {
      from: 'user',
    });
    expect(code).toBe(2);
    expect(err.join('')).toMatch(/--data \/nonexistent\/set\.jsonl does not exist/);
  });
});
