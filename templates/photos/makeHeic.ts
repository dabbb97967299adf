/**
 * Writes test/fixtures/photos/receipt.heic from ./heicFixture.ts with libheif's heif-enc;
 * run by `npm run fixtures:heic`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HEIC_FIXTURE, sidewaysReceiptJpeg } from './heicFixture.js';

const scratch = mkdtempSync(join(tmpdir(), 'finredact-heic-'));
try {
  const jpeg = join(scratch, 'receipt.jpg');
  writeFileSync(jpeg, await sidewaysReceiptJpeg());
  mkdirSync(dirname(HEIC_FIXTURE), { recursive: true });
  execFileSync('heif-enc', ['-q', '60', '-o', HEIC_FIXTURE, jpeg], { stdio: 'inherit' });
  console.log(`wrote ${HEIC_FIXTURE}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
