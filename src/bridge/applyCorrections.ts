/**
 * Rebuilds a file's result from the reviewer's final spans. Offsets are checked against the
 * stored text and each span's text is re-read from it, so a renderer can never smuggle text into
 * the export that the document does not contain.
 */
import { anonymise } from '../anonymise/anonymise.js';
import { sortSpans, type Span } from '../domain/span.js';
import type { FileResult } from '../domain/fileResult.js';

export function applyCorrections(result: FileResult, spans: readonly Span[]): FileResult {
  if (result.status !== 'ok') return result;
  const sorted = sortSpans(spans).map((s) => {
    if (s.end > result.text.length) {
      throw new Error(
        `${result.relativePath}: a span ends at ${s.end}, past the end of the text (${result.text.length}); reload the file and review it again.`,
      );
    }
    return { ...s, text: result.text.slice(s.start, s.end) };
  });
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (cur.start < prev.end) {
      throw new Error(
        `${result.relativePath}: spans "${prev.text}" and "${cur.text}" overlap; reject one of them before exporting.`,
      );
    }
  }
  return { ...result, spans: sorted, anonymized: anonymise(result.text, sorted) };
}
