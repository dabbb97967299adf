/**
 * Writes test/fixtures/legacy/engagement-letter.doc from ./legacyWordFixture.ts with LibreOffice
 * (`soffice --headless --convert-to doc`); run by `npm run fixtures:doc`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEGACY_WORD_FIXTURE, legacyWordSource } from './legacyWordFixture.js';

const scratch = mkdtempSync(join(tmpdir(), 'finredact-doc-'));
try {
  const source = join(scratch, 'engagement-letter.docx');
  writeFileSync(source, await legacyWordSource());
  execFileSync('soffice', ['--headless', '--convert-to', 'doc', '--outdir', scratch, source], {
    stdio: 'inherit',
    env: { ...process.env, HOME: scratch },
  });
  writeFileSync(LEGACY_WORD_FIXTURE, readFileSync(join(scratch, 'engagement-letter.doc')));
  console.log(`wrote ${LEGACY_WORD_FIXTURE}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
