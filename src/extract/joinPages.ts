/**
 * Joins per-page text into one DocumentText: PDFs (text layer or OCR) and multi-page images share
 * this, so page boundaries and fragment offsets follow one rule whatever the input kind.
 */
import type { DocumentKind, DocumentText, PageInfo, TextFragment } from '../domain/documentText.js';

/** Pages are separated by a blank line (a form feed would corrupt the .xlsx). */
export const PAGE_SEPARATOR = '\n\n';

export interface ExtractedPage {
  readonly info: PageInfo;
  readonly text: string;
  /** Offsets are into this page's `text`; the page number comes from `info`. */
  readonly fragments: readonly Pick<
    TextFragment,
    'start' | 'end' | 'box' | 'origin' | 'confidence'
  >[];
  readonly warnings: readonly string[];
}

/** `pages` must be in page order. */
export function joinPages(kind: DocumentKind, pages: readonly ExtractedPage[]): DocumentText {
  let text = '';
  const fragments: TextFragment[] = [];
  const warnings: string[] = [];
  pages.forEach((page, i) => {
    if (i > 0) text += PAGE_SEPARATOR;
    const offset = text.length;
    text += page.text;
    for (const f of page.fragments) {
      fragments.push({
        start: f.start + offset,
        end: f.end + offset,
        page: page.info.page,
        box: f.box,
        ...(f.origin ? { origin: f.origin } : {}),
        ...(f.confidence === undefined ? {} : { confidence: f.confidence }),
      });
    }
    warnings.push(...page.warnings);
  });
  return { kind, text, pages: pages.map((p) => p.info), fragments, warnings };
}
