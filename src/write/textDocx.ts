/**
 * The redacted copy of a document FinRedact reads as text only (OpenDocument text, RTF): a new
 * .docx whose paragraphs are the anonymised text's lines. Nothing of the original file is copied —
 * no styles, properties, images or embedded objects — so nothing it hid can travel with the copy;
 * the formatting is what is lost, and the extraction's note says the copy is text.
 */
import { anonymise, replacementsBySpan } from '../anonymise/anonymise.js';
import type { Span } from '../domain/span.js';
import { freshWordFile } from './freshWordFile.js';

export async function docxOfRedactedText(
  text: string,
  spans: readonly Span[],
  replacements: readonly string[],
): Promise<Uint8Array> {
  const anonymised = anonymise(text, spans, replacementsBySpan(spans, replacements));
  const { PageBreak, Paragraph, TextRun } = await import('docx');
  // A form feed is where the reader saw a page end; the copy keeps the page break there.
  const paragraphs = anonymised.split('\f').flatMap((page, i) =>
    page.split(/\r?\n/).map(
      (line, j) =>
        new Paragraph({
          children: [
            ...(i > 0 && j === 0 ? [new PageBreak()] : []),
            new TextRun({ text: line.replace(/\t/g, '    ') }),
          ],
        }),
    ),
  );
  return freshWordFile([{ children: paragraphs }]);
}
