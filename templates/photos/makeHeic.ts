/**
 * Writes test/fixtures/photos/receipt.heic and dim-receipt.heic from ./heicFixture.ts with libheif's heif-enc;
 * run by `npm run fixtures:heic`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  DIM_HEIC_FIXTURE,
  dimSidewaysReceiptJpeg,
  HEIC_FIXTURE,
  sidewaysReceiptJpeg,
} from './heicFixture.js';

const scratch = mkdtempSync(join(tmpdir(), 'finredact-heic-'));
try {
  for (const [file, jpegOf] of [
    [HEIC_FIXTURE, sidewaysReceiptJpeg],
    [DIM_HEIC_FIXTURE, dimSidewaysReceiptJpeg],
  ] as const) {
    const jpeg = join(scratch, 'receipt.jpg');
    writeFileSync(jpeg, await jpegOf());
    mkdirSync(dirname(file), { recursive: true });
    execFileSync('heif-enc', ['-q', '60', '-o', file, jpeg], { stdio: 'inherit' });
    console.log(`wrote ${file}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
