/**
 * IBANs and card numbers broken by layout — a line wrap in a narrow column of a two-column page,
 * a column gap inside a line — are found as two pieces when, and only when, the joined value
 * passes its own check; on a text-layer PDF both pieces are boxed and the copy shows neither.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDetector, type Detector } from '../../src/detect/engine.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makePdf, makeTempDir, type TempDir } from '../io/fixtures.js';
import { nativeTesseractMissing, readPagesInFourOrientations } from '../pdf-redact/nativeOcr.js';

const IBAN = ['DE89 3704 0044', '0532 0130 00'] as const;
const CARD = ['4111 1111', '1111 1111'] as const;

let detector: Detector;
let dir: TempDir;
beforeAll(async () => {
  detector = await createDetector({ ner: false });
  dir = await makeTempDir();
});
afterAll(() => dir.remove());

const found = async (text: string) =>
  (await detector.detect(text)).map((s) => [s.type, s.text] as const);

describe('identifiers split by layout', () => {
  it('joins an IBAN wrapped under itself in a two-column text', async () => {
    const text = [
      'Bank transfer details                     Invoice summary',
      `IBAN: ${IBAN[0]}                      Due: 2026-02-01`,
      `${IBAN[1]}                              Total: EUR 1,250.00`,
    ].join('\n');
    expect(await found(text)).toEqual([
      ['BANK_ACCOUNT', IBAN[0]],
      ['BANK_ACCOUNT', IBAN[1]],
    ]);
  });

  it('joins a card number across a column gap and across a wrap', async () => {
    expect(await found(`Card: ${CARD[0]}    ${CARD[1]}    Exp 04/29`)).toEqual([
      ['CREDIT_CARD', CARD[0]],
      ['CREDIT_CARD', CARD[1]],
    ]);
    expect(await found(`Card on file: ${CARD[0]}\n${CARD[1]}`)).toEqual([
      ['CREDIT_CARD', CARD[0]],
      ['CREDIT_CARD', CARD[1]],
    ]);
  });

  it('joins nothing whose check fails', async () => {
    expect(await found(`IBAN: DE89 3704 0044\n0532 0130 01`)).toEqual([]);
    expect(await found(`Ref 4111 1111\n1111 1112`)).toEqual([]);
    expect(await found(`Totals 5000 1234    5678 9012`)).toEqual([]);
  });

  it('boxes both pieces on a two-column PDF page, and the copy shows neither', async () => {
    const pdf = await makePdf([
      {
        lines: [
          { text: 'Bank transfer details', x: 50, y: 740 },
          { text: 'Invoice summary', x: 330, y: 740 },
          { text: `IBAN: ${IBAN[0]}`, x: 50, y: 720 },
          { text: 'Due: 2026-02-01', x: 330, y: 720 },
          { text: IBAN[1], x: 50, y: 704 },
          { text: 'Total: EUR 1,250.00', x: 330, y: 704 },
        ],
      },
    ]);
    await dir.file('in/two-columns.pdf', pdf);
    const out = join(dir.path, 'out');
    const [result] = await runBatch([join(dir.path, 'in')], out, {
      ...DEFAULT_REDACT_OPTIONS,
      ner: false,
    });
    expect(result!.status, result!.error).toBe('ok');
    expect(result!.spans.map((s) => s.text)).toEqual(IBAN);
    if (nativeTesseractMissing) {
      console.log(`split-identifier pixel check skipped: ${nativeTesseractMissing}`);
      return;
    }
    const read = (
      await readPagesInFourOrientations(await readFile(join(out, 'redacted', 'two-columns.pdf')))
    ).replace(/\s+/g, '');
    for (const piece of IBAN) expect(read).not.toContain(piece.replace(/\s+/g, ''));
    expect(read).toContain('Total:EUR1,250.00');
  }, 120_000);
});
