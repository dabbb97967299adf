import { describe, expect, it } from 'vitest';
import { decodeText } from '../../src/extract/text/decodeText.js';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('decodeText', () => {
  it('reads UTF-8 and strips a UTF-8 BOM', () => {
    const r = decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Müller €5')]));
    expect(r).toMatchObject({ ok: true, text: 'Müller €5', encoding: 'utf-8' });
  });

  it('reads UTF-16LE and UTF-16BE with a BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zoë 1', 'utf16le')]);
    expect(decodeText(le)).toMatchObject({ ok: true, text: 'Zoë 1', encoding: 'utf-16le' });
    const be = Buffer.from(Buffer.from('Zoë 1', 'utf16le')).swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toMatchObject({
      ok: true,
      text: 'Zoë 1',
      encoding: 'utf-16be',
    });
  });

  it('recognises BOM-less UTF-16LE of Latin text and warns', () => {
    const r = decodeText(Buffer.from('Invoice for Jane Example', 'utf16le'));
    expect(r).toMatchObject({ ok: true, text: 'Invoice for Jane Example', encoding: 'utf-16le' });
    expect(r.ok && r.warning).toMatch(/UTF-16LE/);
  });

  it('falls back to Windows-1252 for clearly-text bytes that are not UTF-8, with a warning', () => {
    // "Café – 10€" in Windows-1252: é=E9, en dash=96, €=80
    const bytes = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x31, 0x30, 0x80]);
    const r = decodeText(bytes);
    expect(r).toMatchObject({ ok: true, text: 'Café – 10€', encoding: 'windows-1252' });
    expect(r.ok && r.warning).toMatch(/Windows-1252/);
  });

  it('refuses bytes that are neither UTF-8 nor clean 1252 text', () => {
    const bytes = new Uint8Array([0x41, 0x81, 0x42, 0x01, 0xff]);
    expect(decodeText(bytes)).toMatchObject({ ok: false });
  });

  it('refuses a UTF-16 BOM followed by an unpaired surrogate', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]);
    const r = decodeText(bytes);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/utf-16le/);
  });

  it('normalises CRLF and CR line endings to LF', () => {
    expect(decodeText(utf8('a\r\nb\rc\n'))).toMatchObject({ ok: true, text: 'a\nb\nc\n' });
  });
});
