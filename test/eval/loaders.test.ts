import { describe, expect, it } from 'vitest';
import { parseJsonlDataset } from '../../src/eval/loadJsonlDataset.js';
import { parsePresidioDataset } from '../../src/eval/loadPresidioDataset.js';

describe('jsonl loader', () => {
  it('reads our format and ignores the generator extra fields', () => {
    const line = JSON.stringify({
      id: 'inv-1',
      family: 'invoice',
      locale: 'en_GB',
      text: 'Mail a@b.com',
      spans: [{ start: 5, end: 12, type: 'EMAIL' }],
    });
    const docs = parseJsonlDataset(`${line}\n\n`, 'x.jsonl');
    expect(docs).toEqual([
      { id: 'inv-1', text: 'Mail a@b.com', spans: [{ start: 5, end: 12, type: 'EMAIL' }] },
    ]);
  });

  it('names the line of a broken record', () => {
    expect(() => parseJsonlDataset('{"text": "a", "spans": []}\nnot json', 'x.jsonl')).toThrow(
      /x\.jsonl:2/,
    );
    expect(() =>
      parseJsonlDataset(
        '{"text": "abc", "spans": [{"start": 0, "end": 9, "type": "NAME"}]}',
        'x.jsonl',
      ),
    ).toThrow(/does not fit/);
    expect(() =>
      parseJsonlDataset(
        '{"text": "abc", "spans": [{"start": 0, "end": 1, "type": "IBAN"}]}',
        'x.jsonl',
      ),
    ).toThrow(/unknown entity type IBAN/);
  });
});

describe('presidio loader', () => {
  it('maps presidio types to ours and drops the rest', () => {
    const records = [
      {
        full_text: 'I am Ann, IBAN GB56HXDO88167774656119, born 1990',
        masked: '',
        template_id: 1,
        spans: [
          { entity_type: 'PERSON', entity_value: 'Ann', start_position: 5, end_position: 8 },
          { entity_type: 'IBAN_CODE', entity_value: 'x', start_position: 15, end_position: 37 },
          { entity_type: 'DATE_TIME', entity_value: '1990', start_position: 44, end_position: 48 },
        ],
      },
    ];
    const [doc] = parsePresidioDataset(JSON.stringify(records), 'p.json');
    expect(doc?.spans).toEqual([{ start: 5, end: 8, type: 'NAME' }]);
  });
});
