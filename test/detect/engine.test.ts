import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { PATTERN_RECOGNIZERS, RecognizerRegistry } from '../../src/detect/registry.js';

const INVOICE = [
  'INVOICE No. INV-2024-00123          Date: 2024-03-15',
  'Bill to: jane.doe@example.com, Tel +44 20 7946 0958',
  'Portal: www.acme-payments.co.uk/invoices. Amount due: $12,480.00',
  'Employee SSN: 123-45-6789',
  'Card on file:',
  'VISA 16 digit',
  'Jennifer Jones',
  '4532015112830366 04/27',
  'CVC: 123',
].join('\n');

describe('createDetector (patterns only)', () => {
  it('finds every structured value once, sorted and non-overlapping', async () => {
    const detector = await createDetector();
    const spans = await detector.detect(INVOICE);
    expect(spans.map((s) => [s.type, s.text])).toEqual([
      ['EMAIL', 'jane.doe@example.com'],
      ['PHONE', '+44 20 7946 0958'],
      ['URL', 'www.acme-payments.co.uk/invoices'],
      ['SSN', '123-45-6789'],
      ['CREDIT_CARD', 'VISA 16 digit\nJennifer Jones\n4532015112830366 04/27\nCVC: 123'],
    ]);
    for (const s of spans) expect(INVOICE.slice(s.start, s.end)).toBe(s.text);
    await detector.close?.();
  });

  it('reports only the requested types', async () => {
    const detector = await createDetector({ types: ['EMAIL', 'SSN'] });
    const spans = await detector.detect(INVOICE);
    expect(spans.map((s) => s.type)).toEqual(['EMAIL', 'SSN']);
  });

  it('finds nothing in business data alone', async () => {
    const detector = await createDetector();
    const text =
      'Invoice 2024-00123 dated 15.03.2024, total EUR 12.480,00, VAT DE123456789, 18% GST.';
    expect(await detector.detect(text)).toEqual([]);
  });

  it('never reports a value from context words alone', async () => {
    const detector = await createDetector();
    const text =
      'Phone: n/a\nSSN: pending\nCredit card: none on file\nWebsite: see letterhead\nE-mail: —';
    expect(await detector.detect(text)).toEqual([]);
  });

  it('fails clearly when NER is requested but the model is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'finredact-nomodel-'));
    await expect(createDetector({ ner: true, modelDir: empty })).rejects.toThrow(
      /NER model is missing: .*model\.onnx.*--no-ner/s,
    );
  });
});

describe('RecognizerRegistry', () => {
  it('selects recognizers by type and refuses duplicate names', () => {
    const registry = new RecognizerRegistry();
    expect(registry.forTypes(['PHONE']).map((r) => r.name)).toEqual([
      'phone',
      'phone (OCR look-alikes)',
    ]);
    // Names are the model's, but for the party under a recipient label and a structured
    // export's name fields.
    expect(registry.forTypes(['NAME']).map((r) => r.name)).toEqual([
      'recipient-name',
      'person-field',
    ]);
    expect(registry.all()).toHaveLength(PATTERN_RECOGNIZERS.length);
    expect(() => registry.add(PATTERN_RECOGNIZERS[0]!)).toThrow(/already registered/);
  });
});

describe('table header context', () => {
  it('lets a column header raise the score of the values below it', async () => {
    const detector = await createDetector({ types: ['SSN'] });
    const table = [
      'Emp ID | Name | SSN | Gross | Net',
      '-------------------------------------',
      'E9355 | A. Kuhic | 770477309 | 6,792.85 | 4,093.45',
      'E9076 | B. Zieme | 304336133 | 2,836.75 | 5,608.10',
    ].join('\n');
    expect((await detector.detect(table)).map((s) => s.text)).toEqual(['770477309', '304336133']);
    const otherColumn = table.replace('SSN', 'Ref');
    expect(await detector.detect(otherColumn)).toEqual([]);
  });

  it('reaches the header from the bottom of a long table (a sheet of hundreds of rows)', async () => {
    const detector = await createDetector({ types: ['SSN'] });
    // Valid SSN shapes with nothing but the column header to say what they are.
    const rows = Array.from(
      { length: 500 },
      (_, i) => `E${1000 + i}\t${String(304336133 + i * 7)}\t${(i * 3.5).toFixed(2)}`,
    );
    const table = ['Emp ID\tSSN\tGross', ...rows].join('\n');
    const found = (await detector.detect(table)).map((s) => s.text);
    expect(found).toContain('304336133');
    expect(found).toContain(String(304336133 + 499 * 7));
    expect(found).toHaveLength(500);
    expect(await detector.detect(table.replace('SSN', 'Ref'))).toEqual([]);
  });
});

describe('column headers as labels', () => {
  it('takes each value’s type from its own column, not from the whole header', async () => {
    const detector = await createDetector({ types: ['PHONE', 'SSN'] });
    const table = [
      'Name | Designation | Mobile | US TIN (FATCA)',
      'Bosch, Jaelynn | CFO | +31 6 25321650 | 775 93 5844',
      'Berend van Wijk | Director | 030 307 8716 | 332943101',
    ].join('\n');
    expect((await detector.detect(table)).map((s) => [s.type, s.text])).toEqual([
      ['PHONE', '+31 6 25321650'],
      ['SSN', '775 93 5844'],
      ['PHONE', '030 307 8716'],
      ['SSN', '332943101'],
    ]);
  });

  it('keeps a label on the value’s own line in a two-column layout', async () => {
    const detector = await createDetector({ types: ['PHONE'] });
    const text = 'Name:      Jo Bloggs\nT:         0636431122';
    expect((await detector.detect(text)).map((s) => s.text)).toEqual(['0636431122']);
  });
});

describe("the model's names that are a trade's", () => {
  it('are companies, and a trade word beside a name on its line joins it', async () => {
    const detector = await createDetector({ ner: true });
    try {
      // Synthetic till-receipt headers. The model took "SYARIKAT PERNIAGAAN …" for a person and
      // cut "RESTORAN SRI MELUR" into a trade (COMPANY) and a person (NAME).
      const found = async (text: string) =>
        (await detector.detect(text))
          .filter((s) => s.type === 'NAME' || s.type === 'COMPANY')
          .map((s) => `${s.type}:${s.text}`);
      expect(
        await found(
          'SYARIKAT PERNIAGAAN KIM HOCK\n(81234-A)\nNO 12, JALAN MAWAR 3,\n53100 KUALA LUMPUR',
        ),
      ).toEqual(['COMPANY:SYARIKAT PERNIAGAAN KIM HOCK']);
      expect(
        await found('RESTORAN SRI MELUR\n(102345678-W)\nNo.5, Jalan Putra\nCASH BILL'),
      ).toEqual(['COMPANY:RESTORAN SRI MELUR']);
    } finally {
      await detector.close?.();
    }
  });
});
