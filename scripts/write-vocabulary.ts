/**
 * `npm run vocabulary`: writes the shared vocabulary (src/domain/vocabulary.ts) as JSON for the
 * Python training code, which cannot import TypeScript.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { vocabularyJson } from '../src/domain/vocabulary.js';

export const VOCABULARY_JSON = join(
  import.meta.dirname,
  '..',
  'models',
  'train',
  'finredact_ner',
  'vocabulary.json',
);

if (process.argv[1] === import.meta.filename) {
  await writeFile(VOCABULARY_JSON, vocabularyJson());
  console.log(`wrote ${VOCABULARY_JSON}`);
}
