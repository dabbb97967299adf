#!/usr/bin/env node
/**
 * OCR-realistic training text (`npm run synth:ocr`): generated documents typeset on a page,
 * rendered at a low or ordinary DPI, degraded like a fax, a photocopy or a phone photo (skew,
 * blur, noise, faded ink, grey paper, JPEG), read back with the app's own OCR path
 * (`ocrImagePage`), and their gold spans moved onto what OCR read (alignGold.ts). The model trains
 * on that text so that it learns that OCR garbage is no name and that a misread name still is one.
 *
 *   npm run synth:ocr -- --in data/train.jsonl --out data-ocr --n 600 --seed 3
 *
 * Writes train.jsonl (atomically) in the generator's schema, with `-ocr` after each id; prints
 * progress and the character error rate of what was read. Deterministic up to the OCR engine.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Command, InvalidArgumentError } from 'commander';
import sharp from 'sharp';
import type { EntityType } from '../../src/domain/entityTypes.js';
import { ocrImagePage } from '../../src/extract/ocr/ocrImagePage.js';
import { closeOcr, sharedOcrPool } from '../../src/extract/ocr/ocrPool.js';
import { scanPage, typesetDocument, type Degradation } from '../../bench/ocr/scanFixtures.js';
import { characterErrorRate, editDistance } from '../../bench/ocr/textMetrics.js';
import { Rng, deriveSeed } from '../core/rng.js';
import { alignSpans, type PlacedGoldSpan } from './alignGold.js';

interface InputDoc {
  readonly id: string;
  readonly family: string;
  readonly template: string;
  readonly locale: string;
  readonly text: string;
  readonly spans: readonly {
    readonly start: number;
    readonly end: number;
    readonly type: EntityType;
  }[];
}

/** One scan's condition, from a clean office scan to a faxed, faded, photographed page. */
export interface ScanCondition {
  readonly dpi: number;
  readonly degradation: Degradation;
  /** JPEG quality the page passed through, or 0 for none. */
  readonly jpeg: number;
}

export function drawCondition(rng: Rng, seed: number): ScanCondition {
  const kind = rng.weighted([
    ['office', 2],
    ['fax', 3],
    ['photocopy', 3],
    ['photo', 2],
  ] as const);
  const sign = rng.chance(0.5) ? 1 : -1;
  switch (kind) {
    case 'office':
      return {
        dpi: rng.pick([200, 300]),
        jpeg: rng.pick([0, 85]),
        degradation: { rotate: (sign * rng.int(0, 8)) / 10, blur: 0.5, noise: rng.int(0, 6), seed },
      };
    case 'fax':
      return {
        dpi: rng.pick([100, 120]),
        jpeg: 0,
        degradation: {
          rotate: (sign * rng.int(3, 15)) / 10,
          blur: rng.int(8, 13) / 10,
          noise: rng.int(10, 22),
          seed,
          paper: rng.int(215, 245),
        },
      };
    case 'photocopy':
      return {
        dpi: rng.pick([100, 150]),
        jpeg: rng.pick([0, 40]),
        degradation: {
          rotate: (sign * rng.int(2, 12)) / 10,
          blur: rng.int(9, 14) / 10,
          noise: rng.int(10, 20),
          seed,
          fade: rng.int(30, 60) / 100,
        },
      };
    case 'photo':
      return {
        dpi: rng.pick([100, 150]),
        jpeg: rng.pick([25, 40, 60]),
        degradation: {
          rotate: (sign * rng.int(4, 20)) / 10,
          blur: rng.int(9, 15) / 10,
          noise: rng.int(8, 16),
          seed,
          paper: rng.int(205, 235),
          fade: rng.int(10, 35) / 100,
        },
      };
  }
}

async function readDocs(path: string, n: number, rng: Rng): Promise<InputDoc[]> {
  const all: InputDoc[] = [];
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) all.push(JSON.parse(line) as InputDoc);
  return rng.shuffle(all).slice(0, n);
}

/** One document scanned and read: its OCR text and the gold moved onto it, or null if unread. */
async function scanAndRead(doc: InputDoc, condition: ScanCondition) {
  const page = await typesetDocument(doc.text, doc.spans);
  const scan = await scanPage(page.pdf, condition.dpi, condition.degradation);
  let image = sharp(scan.gray, { raw: { width: scan.width, height: scan.height, channels: 1 } });
  if (condition.jpeg > 0) image = sharp(await image.jpeg({ quality: condition.jpeg }).toBuffer());
  // One reading as given (no second pass at other angles): the training text needs what OCR
  // makes of a page, not the best of several tries, and the extra passes cost minutes a page.
  const read = await ocrImagePage(image, { dpi: scan.dpi, unitsPerPixel: 1, rescue: false });
  const text = read.text.replace(/\s+$/, '');
  if (text.trim() === '') return null;
  const cer = characterErrorRate(page.text, text, true);
  // A page read as noise teaches nothing about names: its gold would land on garbage.
  if (cer > MAX_PAGE_CER) return null;
  return {
    text,
    spans: readableSpans(page.gold, text, alignSpans(page.text, text, page.gold)),
    cer,
  };
}

/** Pages OCR read worse than this (characters wrong per character) are left out. */
const MAX_PAGE_CER = 0.45;

/**
 * A value OCR misread stays a value (the model must still find it); one it turned into something
 * else (over half its characters wrong, or the alignment stretched it over other text) is no
 * longer that value and is left unlabelled.
 */
function readableSpans(
  gold: readonly { readonly value: string; readonly type: EntityType }[],
  ocr: string,
  aligned: readonly PlacedGoldSpan[],
): { type: EntityType; start: number; end: number }[] {
  return aligned
    .filter((s) => {
      const value = gold[s.from]?.value ?? '';
      const read = ocr.slice(s.start, s.end);
      const squeeze = (t: string): string => t.replace(/\s+/g, ' ');
      const longest = Math.max(value.length, read.length, 1);
      return editDistance(squeeze(value), squeeze(read)) / longest <= 0.5;
    })
    .map(({ type, start, end }) => ({ type, start, end }));
}

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(`expected a positive integer, got "${v}"`);
  return n;
}

const program = new Command('finredact-synth-ocr')
  .description(
    'generated documents scanned, degraded and read back by our OCR, gold aligned to what was read',
  )
  .requiredOption('--in <file>', "a generator run's JSONL (e.g. data/train.jsonl)")
  .requiredOption('--out <dir>', 'folder for train.jsonl')
  .option('--n <count>', 'documents to scan (drawn at random from --in)', positiveInt, 500)
  .option('--seed <n>', 'seed of the draw and of the degradations', positiveInt, 1)
  .action(async (o: { in: string; out: string; n: number; seed: number }) => {
    const rng = new Rng(o.seed);
    const docs = await readDocs(o.in, o.n, rng);
    await mkdir(o.out, { recursive: true });
    const lines: string[] = [];
    let cerSum = 0;
    let spanCount = 0;
    let lost = 0;
    let kept = 0;
    const started = Date.now();
    const pool = sharedOcrPool();
    // As many pages in flight as the OCR pool has workers.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < docs.length) {
        const index = next++;
        const doc = docs[index] as InputDoc;
        // Its own stream per document: pages finish in any order, the conditions stay the seed's.
        const condition = drawCondition(
          new Rng(deriveSeed(o.seed, index)),
          o.seed * 100003 + index,
        );
        try {
          const read = await scanAndRead(doc, condition);
          if (!read) continue;
          cerSum += read.cer;
          if (process.env.FINREDACT_SYNTH_OCR_DEBUG)
            process.stderr.write(
              `  ${doc.id} ${JSON.stringify(condition)} CER ${(100 * read.cer).toFixed(1)}%\n`,
            );
          spanCount += read.spans.length;
          lost += doc.spans.length - read.spans.length;
          kept++;
          lines[index] = JSON.stringify({
            id: `${doc.id}-ocr`,
            family: doc.family,
            template: doc.template,
            locale: doc.locale,
            text: read.text,
            spans: read.spans,
          });
        } catch (e) {
          process.stderr.write(`  ${doc.id}: ${(e as Error).message}\n`);
        }
        if (kept % 25 === 0)
          process.stderr.write(
            `  ${kept}/${docs.length} pages read, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
          );
      }
    };
    await Promise.all(Array.from({ length: pool.size }, worker));
    await closeOcr();
    const tmp = join(o.out, `train.jsonl.${process.pid}.tmp`);
    await writeFile(
      tmp,
      lines
        .filter(Boolean)
        .map((l) => `${l}\n`)
        .join(''),
    );
    await rename(tmp, join(o.out, 'train.jsonl'));
    console.log(
      `read ${kept} of ${docs.length} scanned documents into ${o.out}/train.jsonl in ${((Date.now() - started) / 1000).toFixed(0)} s: ` +
        `mean character error rate ${((100 * cerSum) / Math.max(1, kept)).toFixed(1)}%, ${spanCount} spans kept, ${lost} lost with their text`,
    );
  });

await program.parseAsync();
