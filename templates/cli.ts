#!/usr/bin/env node
/**
 * Command line of the synthetic document generator:
 *   tsx templates/cli.ts synth --n 20000 --seed 1 --out data/synth
 *   tsx templates/cli.ts stats data/synth
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_SPLIT_RATIOS, iterateDocuments, toJsonLine } from './generateDocuments.js';
import { DEFAULT_NOISE, scaleNoise, type NoiseRates } from './noise/extractionNoise.js';
import type { Split } from './core/goldDocument.js';
import { LOCALES, type Locale } from './values/locales.js';
import { computeStats, formatStats, readSplitFiles } from './synthStats.js';

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw new InvalidArgumentError(`expected a non-negative integer, got "${v}"`);
  return n;
}

function nonNegative(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError(`expected a non-negative number, got "${v}"`);
  return n;
}

function shareOf(v: string): number {
  const n = nonNegative(v);
  if (n > 1) throw new InvalidArgumentError(`expected a share between 0 and 1, got "${v}"`);
  return n;
}

/** "ocr=0.2,tabs=0" → per-kind document rates overriding the defaults. */
function noiseRates(v: string): Partial<NoiseRates> {
  const out: Record<string, number> = {};
  for (const part of v.split(',')) {
    const [k, x] = part.split('=').map((s) => s.trim());
    const n = Number(x);
    if (!k || !(k in DEFAULT_NOISE) || !Number.isFinite(n) || n < 0 || n > 1) {
      throw new InvalidArgumentError(
        `expected kind=rate pairs with rates in [0, 1], kinds: ${Object.keys(DEFAULT_NOISE).join(', ')}; got "${part}"`,
      );
    }
    out[k] = n;
  }
  return out as Partial<NoiseRates>;
}

function localeList(v: string): Locale[] {
  const list = v.split(',').map((s) => s.trim());
  const bad = list.filter((l) => !(LOCALES as readonly string[]).includes(l));
  if (bad.length > 0)
    throw new InvalidArgumentError(
      `unknown locale ${bad.join(', ')}; valid: ${LOCALES.join(', ')}`,
    );
  return list as Locale[];
}

function ratios(v: string): Record<Split, number> {
  const parts = v.split(',').map(Number);
  if (parts.length !== 3 || parts.some((x) => !Number.isFinite(x) || x < 0)) {
    throw new InvalidArgumentError(
      `expected three numbers train,dev,test such as 0.8,0.1,0.1, got "${v}"`,
    );
  }
  return { train: parts[0] ?? 0, dev: parts[1] ?? 0, test: parts[2] ?? 0 };
}

async function closeStream(s: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    s.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

const program = new Command('finredact-synth').description(
  'FinRedact synthetic financial document generator',
);

program
  .command('synth')
  .description(
    'generate train.jsonl, dev.jsonl and test.jsonl (split by template: test shapes are never trained on)',
  )
  .requiredOption('--n <count>', 'number of documents in total', positiveInt)
  .option('--seed <seed>', 'random seed; the same seed gives the same documents', positiveInt, 1)
  .option('--out <dir>', 'output directory (created if missing)', 'data/synth')
  .option(
    '--noise <factor>',
    'scale all extraction-noise rates (0 = clean text, 1 = defaults)',
    nonNegative,
    1,
  )
  .option(
    '--noise-rates <pairs>',
    `per-kind share of documents that get each noise, e.g. ocr=0.2,tabs=0 (kinds: ${Object.keys(DEFAULT_NOISE).join(', ')}; applied after --noise)`,
    noiseRates,
  )
  .option(
    '--split <ratios>',
    'share of documents for train,dev,test (default: 0.8,0.1,0.1)',
    ratios,
  )
  .option('--locales <list>', `comma-separated subset of ${LOCALES.join(',')}`, localeList)
  .option(
    '--notes <share>',
    'share of documents (0-1) drawn from the conversational staff-notes family: chat, newsletters, travel notes, letters (default 0, the financial families only)',
    shareOf,
    0,
  )
  .option(
    '--long-reports <share>',
    "share of documents (0-1) drawn from the long-report family: notes to accounts, directors' reports, German/Dutch invoices with legal small print, service statements; finance headings, table headers and product names as hard negatives (default 0)",
    shareOf,
    0,
  )
  .option(
    '--real-docs <share>',
    'share of documents (0-1) drawn from the real-document families: Nordic and continental bank exports with merchant categories, card descriptors with towns, annual-report and 10-K pages, salary and expenditure listings, utility bills, office forms; their headers, categories, headings and towns alone as hard negatives (default 0)',
    shareOf,
    0,
  )
  .option(
    '--foreign-addresses <share>',
    'share of addresses (0-1) printed as a counterparty abroad (23 countries, Faker street data), a US military post (APO/FPO/DPO) or a PO box (default 0)',
    shareOf,
    0,
  )
  .action(
    async (o: {
      n: number;
      seed: number;
      out: string;
      noise: number;
      noiseRates?: Partial<NoiseRates>;
      split?: Record<Split, number>;
      locales?: Locale[];
      notes: number;
      longReports: number;
      realDocs: number;
      foreignAddresses: number;
    }) => {
      await mkdir(o.out, { recursive: true });
      const splits = ['train', 'dev', 'test'] as const;
      // Per-process temporary names: two runs into one folder must not interleave their lines.
      const tmp = (s: Split): string => join(o.out, `${s}.jsonl.${process.pid}.tmp`);
      const streams = Object.fromEntries(
        splits.map((s) => [s, createWriteStream(tmp(s))]),
      ) as Record<Split, WriteStream>;
      const counts: Record<Split, number> = { train: 0, dev: 0, test: 0 };
      const started = Date.now();
      let done = 0;
      for (const doc of iterateDocuments({
        n: o.n,
        seed: o.seed,
        noise: { ...scaleNoise(DEFAULT_NOISE, o.noise), ...o.noiseRates },
        splitRatios: o.split ?? DEFAULT_SPLIT_RATIOS,
        locales: o.locales,
        notes: o.notes,
        longReports: o.longReports,
        realDocs: o.realDocs,
        foreignAddresses: o.foreignAddresses,
      })) {
        const ok = streams[doc.split].write(`${toJsonLine(doc)}\n`);
        if (!ok) await new Promise((r) => streams[doc.split].once('drain', r));
        counts[doc.split]++;
        done++;
        if (done % 10000 === 0) process.stderr.write(`  ${done}/${o.n} documents\n`);
      }
      for (const s of splits) await closeStream(streams[s]);
      for (const s of splits) await rename(tmp(s), join(o.out, `${s}.jsonl`));
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `wrote ${o.n} documents to ${o.out} in ${secs}s: train ${counts.train}, dev ${counts.dev}, test ${counts.test}`,
      );
    },
  );

program
  .command('stats')
  .description(
    'counts per type, family and locale, mean length and duplicate share of a generated directory',
  )
  .argument('[dir]', 'directory holding train/dev/test.jsonl', 'data/synth')
  .action(async (dir: string) => {
    const docs = await readSplitFiles(dir);
    console.log(formatStats(computeStats(docs)));
  });

try {
  await program.parseAsync(process.argv);
} catch (err) {
  // A missing directory or a template that fails validation: say what, without a stack trace.
  console.error(`synth: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
