import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The committed OCR fixtures (written by `npm run fixtures:ocr`) and their reference texts. */
export const FIXTURE_DIR = path.join(import.meta.dirname, '..', 'fixtures');

export interface FixturePage {
  readonly text: string;
  readonly gold: readonly {
    readonly type: string;
    readonly start: number;
    readonly end: number;
    readonly value: string;
  }[];
}

export interface Fixture {
  readonly file: string;
  readonly dpi: number;
  readonly pages: readonly FixturePage[];
}

const all = JSON.parse(readFileSync(path.join(FIXTURE_DIR, 'fixtures.json'), 'utf8')) as Fixture[];

export function fixture(file: string): Fixture & { readonly path: string } {
  const found = all.find((f) => f.file === file);
  if (!found) throw new Error(`no fixture ${file}; run npm run fixtures:ocr`);
  return { ...found, path: path.join(FIXTURE_DIR, file) };
}
