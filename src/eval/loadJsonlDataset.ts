/**
 * Our own labelled format, one document per line: `{text, spans: [{start, end, type}]}`. The
 * generator's files carry extra fields (id, family, template, locale); `id` is used when present.
 */
import { readFile } from 'node:fs/promises';
import { isEntityType } from '../domain/entityTypes.js';
import { checkGoldSpans, type GoldSpan, type LabelledDocument } from './labelledDocument.js';

interface JsonlRecord {
  id?: unknown;
  text?: unknown;
  spans?: unknown;
}

export function parseJsonlDataset(content: string, file: string): LabelledDocument[] {
  const docs: LabelledDocument[] = [];
  const lines = content.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${file}:${index + 1}`;
    let record: JsonlRecord;
    try {
      record = JSON.parse(line) as JsonlRecord;
    } catch (error) {
      throw new Error(`${where}: not valid JSON (${(error as Error).message})`, { cause: error });
    }
    if (typeof record.text !== 'string' || !Array.isArray(record.spans)) {
      throw new Error(`${where}: expected {"text": string, "spans": [...]}`);
    }
    const spans: GoldSpan[] = (record.spans as { start: number; end: number; type: string }[]).map(
      (s) => {
        if (!isEntityType(s.type))
          throw new Error(`${where}: unknown entity type ${String(s.type)}`);
        return { start: s.start, end: s.end, type: s.type };
      },
    );
    const id =
      typeof record.id === 'string' || typeof record.id === 'number'
        ? String(record.id)
        : `line ${index + 1}`;
    docs.push(checkGoldSpans({ id, text: record.text, spans }, where));
  });
  return docs;
}

export async function loadJsonlDataset(file: string): Promise<LabelledDocument[]> {
  return parseJsonlDataset(await readFile(file, 'utf8'), file);
}
