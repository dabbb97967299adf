/**
 * presidio-research's synth_dataset_v2.json (../shared/datasets/presidio-synth-v2). Its entity
 * types are mapped to ours per that folder's README (and IBAN_CODE to BANK_ACCOUNT, LABELS.md);
 * gold spans of types outside ours (IP address, dates, titles, …) are dropped, so a prediction overlapping one of them still
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
  // LABELS.md: an IBAN (checksum-valid) is a BANK_ACCOUNT.
  IBAN_CODE: 'BANK_ACCOUNT',
};

interface PresidioSpan {
  entity_type: string;
  start_position: number;
  end_position: number;
}

interface PresidioRecord {
  full_text: string;
  template_id?: number;
  spans: PresidioSpan[];
}

/** The span in our types, or undefined for a presidio type we do not score. */
function mapped(s: PresidioSpan): GoldSpan | undefined {
  const type = PRESIDIO_TYPE_MAP[s.entity_type];
  return type ? { start: s.start_position, end: s.end_position, type } : undefined;
}

/** Pieces presidio labels apart that LABELS.md counts as one address when they are adjacent. */
const ADDRESS_PIECES = new Set(['STREET_ADDRESS', 'GPE', 'ZIP_CODE']);
/** What may stand between two pieces of one address: line breaks, commas, a quote marker. */
const PIECE_GAP = /^[\s,;>-]*$/;

/**
 * The record's gold as LABELS.md draws it: each run of adjacent address pieces that holds a
 * street address becomes one ADDRESS span from its first piece to its last (a town or postcode
 * on its own stays out of scope); other mapped spans are unchanged.
 */
export function policyGoldOf(text: string, spans: readonly PresidioSpan[]): GoldSpan[] {
  const out: GoldSpan[] = [];
  let run: { start: number; end: number; street: boolean } | undefined;
  const flush = (): void => {
    if (run?.street) out.push({ start: run.start, end: run.end, type: 'ADDRESS' });
    run = undefined;
  };
  for (const s of [...spans].sort((a, b) => a.start_position - b.start_position)) {
    const street = s.entity_type === 'STREET_ADDRESS';
    if (ADDRESS_PIECES.has(s.entity_type)) {
      if (run && PIECE_GAP.test(text.slice(run.end, s.start_position))) {
        run.end = Math.max(run.end, s.end_position);
        run.street ||= street;
      } else {
        flush();
        run = { start: s.start_position, end: s.end_position, street };
      }
      continue;
    }
    const span = mapped(s);
    if (span) out.push(span);
  }
  flush();
  return out.sort((a, b) => a.start - b.start);
}

export function parsePresidioDataset(content: string, file: string): LabelledDocument[] {
  const records = JSON.parse(content) as PresidioRecord[];
  if (!Array.isArray(records)) throw new Error(`${file}: expected a JSON array of records`);
  return records.map((r, i) => {
    const spans = r.spans.map(mapped).filter((s): s is GoldSpan => s !== undefined);
    const policySpans = policyGoldOf(r.full_text, r.spans);
    return checkGoldSpans(
      { id: `record ${i}`, text: r.full_text, spans, policySpans },
      `${file} record ${i}`,
    );
  });
}

/** Accepts the data-set folder or the JSON file itself. */
export async function loadPresidioDataset(path: string): Promise<LabelledDocument[]> {
  const file = (await stat(path)).isDirectory() ? join(path, 'synth_dataset_v2.json') : path;
  return parsePresidioDataset(await readFile(file, 'utf8'), file);
}
