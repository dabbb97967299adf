import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerEvalCommand } from '../../src/cli/commands/eval.js';
import { formatEvaluationReport } from '../../src/eval/formatEvaluationReport.js';
import { guessFormat, runEvaluation } from '../../src/eval/runEvaluation.js';

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
