/**
 * Detection is linear in line length: a 2 MB dump on one line (e-mails and phones among filler)
 * used to take minutes, because every match scanned its whole line for a label and a table row.
 * Not a timed test: it must finish within vitest's timeout and find every planted value, exactly
 * as it does on the same words set one to a line.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { denseLine } from '../../templates/noise/denseLine.js';

describe('a 2 MB text on one line', () => {
  it('is detected whole: every planted e-mail and phone, nothing else', async () => {
    const detector = await createDetector({ ner: false });
    const line = denseLine(2_000_000);
    expect(line.text.length).toBeGreaterThanOrEqual(2_000_000);
    expect(line.text).not.toContain('\n');
    const spans = await detector.detect(line.text);
    expect(spans.filter((s) => s.type === 'EMAIL').map((s) => s.text)).toEqual(line.emails);
    expect(spans.filter((s) => s.type === 'PHONE').map((s) => s.text)).toEqual(line.phones);
    expect(spans.filter((s) => s.type !== 'EMAIL' && s.type !== 'PHONE')).toEqual([]);
  }, 120_000);

  it('finds what it finds on the same words one to a line', async () => {
    const detector = await createDetector({ ner: false });
    const oneLine = denseLine(100_000, 11);
    const lines = denseLine(100_000, 11, '\n');
    const texts = async (t: string) => (await detector.detect(t)).map((s) => `${s.type} ${s.text}`);
    expect(await texts(oneLine.text)).toEqual(await texts(lines.text));
  });
});
