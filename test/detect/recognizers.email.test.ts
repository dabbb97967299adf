import { describe, expect, it } from 'vitest';
import { emailRecognizer } from '../../src/detect/recognizers/email.js';

const found = (text: string): string[] =>
  (emailRecognizer.analyze(text) as { text: string }[]).map((s) => s.text);

describe('email recognizer', () => {
  it.each([
    ['Contact: jane.doe@example.com for details', 'jane.doe@example.com'],
    ['mail willow.Interior24@example.com.', 'willow.Interior24@example.com'],
    ['billing+invoices@acme-corp.co.uk;', 'billing+invoices@acme-corp.co.uk'],
    ['<a.b_c%d@sub.domain.in>', 'a.b_c%d@sub.domain.in'],
    // An internationalised domain as mail software prints it (.рф in punycode).
    ['write to a@xn--d1acufc.xn--p1ai now', 'a@xn--d1acufc.xn--p1ai'],
  ])('finds the address in %j', (text, value) => {
    expect(found(text)).toEqual([value]);
  });

  it.each([
    'user@localhost is not routable',
    'an @mention on its own',
    'john@@example.com',
    'price 4@5.00 each',
    'name@domain.c',
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('reports offsets into the text and a high score', () => {
    const text = 'Write to ops@bank.example.org today';
    const [span] = emailRecognizer.analyze(text) as {
      start: number;
      end: number;
      score: number;
      source: string;
    }[];
    expect(span).toBeDefined();
    expect(text.slice(span!.start, span!.end)).toBe('ops@bank.example.org');
    expect(span!.score).toBeGreaterThanOrEqual(0.9);
    expect(span!.source).toBe('pattern');
  });
});
