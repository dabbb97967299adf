import { describe, expect, it } from 'vitest';
import { progressText } from '../../renderer/src/components/ExportDialog.js';

describe('the export dialog’s progress line', () => {
  it('says how many files are written and estimates what is left from the time they took', () => {
    expect(progressText(null)).toBe('Starting…');
    expect(progressText({ done: 0, total: 11, elapsedMs: 900 })).toBe('0 of 11 files written');
    expect(progressText({ done: 3, total: 11, elapsedMs: 15_000 })).toBe(
      '3 of 11 files written · about 40 s left',
    );
    expect(progressText({ done: 2, total: 200, elapsedMs: 4_000 })).toBe(
      '2 of 200 files written · about 7 min left',
    );
    expect(progressText({ done: 1, total: 1, elapsedMs: 4_000 })).toBe(
      '1 of 1 file written; finishing…',
    );
  });
});
