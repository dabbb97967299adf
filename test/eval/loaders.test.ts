import { describe, expect, it } from 'vitest';
import { parseJsonlDataset } from '../../src/eval/loadJsonlDataset.js';
import { parsePresidioDataset, policyGoldOf } from '../../src/eval/loadPresidioDataset.js';

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
    // IBAN_CODE is a BANK_ACCOUNT (LABELS.md); dates are not ours to score.
    expect(doc?.spans).toEqual([
      { start: 5, end: 8, type: 'NAME' },
      { start: 15, end: 37, type: 'BANK_ACCOUNT' },
    ]);
  });
});

describe('presidio gold as LABELS.md draws it', () => {
  const piece = (text: string, value: string, entity_type: string, from = 0) => {
    const start_position = text.indexOf(value, from);
    if (start_position < 0) throw new Error(value);
    return { entity_type, start_position, end_position: start_position + value.length };
  };

  it('joins adjacent address pieces into one span and leaves a lone town out', () => {
    const text =
      'Billing address: Sara Schwarz\n    28245 Puruntie 82 Apt. 595\n   LAPPEENRANTA\n    53650\nI am in Espoo now.';
    const spans = [
      piece(text, 'Sara Schwarz', 'PERSON'),
      piece(text, '53650', 'ZIP_CODE'),
      piece(text, 'LAPPEENRANTA', 'GPE'),
      piece(text, 'Apt. 595', 'STREET_ADDRESS'),
      piece(text, 'Puruntie 82', 'STREET_ADDRESS'),
      piece(text, '28245', 'STREET_ADDRESS'),
      piece(text, 'Espoo', 'GPE'),
    ];
    const gold = policyGoldOf(text, spans);
    expect(gold.map((s) => [text.slice(s.start, s.end), s.type])).toEqual([
      ['Sara Schwarz', 'NAME'],
      ['28245 Puruntie 82 Apt. 595\n   LAPPEENRANTA\n    53650', 'ADDRESS'],
    ]);
    // The loader keeps presidio's own pieces as the gold and the joined span beside it.
    const [doc] = parsePresidioDataset(JSON.stringify([{ full_text: text, spans }]), 'p.json');
    expect(doc?.spans.filter((s) => s.type === 'ADDRESS')).toHaveLength(3);
    expect(doc?.policySpans).toEqual(gold);
  });

  it('does not join pieces that words separate, nor a town to a name', () => {
    const text = 'Ship to 12 Crown Street, then on to 4 Mill Lane. Ann Lee, Leeds';
    const spans = [
      piece(text, '12 Crown Street', 'STREET_ADDRESS'),
      piece(text, '4 Mill Lane', 'STREET_ADDRESS'),
      piece(text, 'Ann Lee', 'PERSON'),
      piece(text, 'Leeds', 'GPE'),
    ];
    expect(policyGoldOf(text, spans).map((s) => text.slice(s.start, s.end))).toEqual([
      '12 Crown Street',
      '4 Mill Lane',
      'Ann Lee',
    ]);
  });
});
