/**
 * presidio-research's synth_dataset_v2.json (../shared/datasets/presidio-synth-v2). Its entity
 * types are mapped to ours per that folder's README; gold spans of types outside our eight
 * (IBAN, IP address, dates, titles, …) are dropped, so a prediction overlapping one of them still
 * counts as a false positive.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityType } from '../domain/entityTypes.js';
import { checkGoldSpans, type GoldSpan, type LabelledDocument } from './labelledDocument.js';

export const PRESIDIO_TYPE_MAP: Readonly<Record<string, EntityType>> = {
  PERSON: 'NAME',
  STREET_ADDRESS: 'ADDRESS',
  ORGANIZATION: 'COMPANY',
  CREDIT_CARD: 'CREDIT_CARD',
  PHONE_NUMBER: 'PHONE',
  EMAIL_ADDRESS: 'EMAIL',
  DOMAIN_NAME: 'URL',
  US_SSN: 'SSN',
};

interface PresidioRecord {
  full_text: string;
  template_id?: number;
  spans: { entity_type: string; start_position: number; end_position: number }[];
}

export function parsePresidioDataset(content: string, file: string): LabelledDocument[] {
  const records = JSON.parse(content) as PresidioRecord[];
  if (!Array.isArray(records)) throw new Error(`${file}: expected a JSON array of records`);
  return records.map((r, i) => {
    const spans: GoldSpan[] = [];
    for (const s of r.spans) {
      const type = PRESIDIO_TYPE_MAP[s.entity_type];
      if (type) spans.push({ start: s.start_position, end: s.end_position, type });
    }
    return checkGoldSpans({ id: `record ${i}`, text: r.full_text, spans }, `${file} record ${i}`);
  });
}

/** Accepts the data-set folder or the JSON file itself. */
export async function loadPresidioDataset(path: string): Promise<LabelledDocument[]> {
  const file = (await stat(path)).isDirectory() ? join(path, 'synth_dataset_v2.json') : path;
  return parsePresidioDataset(await readFile(file, 'utf8'), file);
}
