import { describe, expect, it } from 'vitest';
import {
  contentMatchesExtension,
  expectedTypeForExtension,
  sniffFileType,
} from '../../src/extract/fileType.js';

const bytes = (...b: number[]): Uint8Array => new Uint8Array([...b, ...new Array(32).fill(0x20)]);

describe('sniffFileType', () => {
  it.each([
    ['pdf', new TextEncoder().encode('%PDF-1.7\n...')],
    ['zip', bytes(0x50, 0x4b, 0x03, 0x04)],
    ['ole2', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)],
    ['tiff', bytes(0x49, 0x49, 0x2a, 0x00)],
    ['text', new TextEncoder().encode('Plain invoice text\nline 2\n')],
    ['binary', new Uint8Array([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x99, 0x00, 0x07])],
  ] as const)('recognises %s', (expected, data) => {
    expect(sniffFileType(data)).toBe(expected);
  });

  it('accepts junk before the %PDF- header, as PDF readers do', () => {
    expect(sniffFileType(new TextEncoder().encode('\n\n  %PDF-1.4\n'))).toBe('pdf');
  });

  it('treats text that begins with "BM" as text, not a bitmap', () => {
    expect(
      sniffFileType(new TextEncoder().encode('BMW invoice for Jane Example, Munich branch')),
    ).toBe('text');
  });
});

describe('extension and content', () => {
  it('maps extensions case-insensitively and rejects unknown ones', () => {
    expect(expectedTypeForExtension('.PDF')).toBe('pdf');
    expect(expectedTypeForExtension('.jpeg')).toBe('image');
    expect(expectedTypeForExtension('.XLSX')).toBe('xlsx');
    expect(expectedTypeForExtension('.tsv')).toBe('csv');
    expect(expectedTypeForExtension('.PPTX')).toBe('pptx');
    expect(expectedTypeForExtension('.mp3')).toBeUndefined();
  });

  it('only a ZIP is a .docx, only text is a .txt', () => {
    expect(contentMatchesExtension('docx', 'zip')).toBe(true);
    expect(contentMatchesExtension('docx', 'pdf')).toBe(false);
    expect(contentMatchesExtension('txt', 'png')).toBe(false);
    expect(contentMatchesExtension('image', 'jpeg')).toBe(true);
    expect(contentMatchesExtension('image', 'gif')).toBe(false);
    expect(contentMatchesExtension('xlsx', 'zip')).toBe(true);
    expect(contentMatchesExtension('csv', 'text')).toBe(true);
    expect(contentMatchesExtension('csv', 'zip')).toBe(false);
  });
});
