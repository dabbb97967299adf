/**
 * The redacted copy of a Word 97-2003 document, written as .docx (nothing writes the binary
 * format well, and a copy must be checkable): each paragraph's redacted text where it was —
 * body paragraphs in the body, header and footer lines in the header and footer — and the
 * footnotes, endnotes, comments and text boxes as paragraphs after the body. Formatting, tables,
 * images and the document properties are not carried over: the extraction's warning says so.
 */
import { anonymisedOffsets, replacementsBySpan } from '../anonymise/anonymise.js';
import type { Span } from '../domain/span.js';
import {
  legacyWordLayout,
  readLegacyWord,
  type LegacyWordParagraph,
  type LegacyWordPart,
} from '../document/legacyWord.js';
import { freshWordFile } from './freshWordFile.js';

const NOTE_TITLES: Readonly<Partial<Record<LegacyWordPart, string>>> = {
  footnotes: 'Footnotes',
  endnotes: 'Endnotes',
  comments: 'Comments',
  textboxes: 'Text boxes',
};

export async function redactLegacyWord(
  original: Uint8Array,
  text: string,
  spans: readonly Span[],
  replacements: readonly string[],
): Promise<Uint8Array> {
  const layout = legacyWordLayout(await readLegacyWord(original));
  if (layout.text !== text)
    throw new Error('the document changed since it was read; process it again');
  const regions = anonymisedOffsets(text, spans, replacementsBySpan(spans, replacements));
  const anonymised = (p: LegacyWordParagraph) => {
    let out = '';
    let at = p.start;
    for (const r of regions) {
      if (r.inputEnd <= p.start || r.inputStart >= p.end) continue;
      out += text.slice(at, Math.max(at, r.inputStart));
      // A value running over a paragraph's end is replaced once, in the paragraph it starts in.
      if (r.inputStart >= p.start) out += r.placeholder;
      at = Math.min(p.end, r.inputEnd);
    }
    return out + text.slice(at, p.end);
  };
  const byPart = (part: LegacyWordPart) =>
    layout.paragraphs.filter((p) => p.part === part).map(anonymised);
  const { Footer, Header, HeadingLevel, Paragraph } = await import('docx');
  const paragraph = (line: string) => new Paragraph({ text: line });
  const notes = (Object.keys(NOTE_TITLES) as LegacyWordPart[]).flatMap((part) => {
    const list = byPart(part);
    return list.length === 0
      ? []
      : [
          new Paragraph({ text: NOTE_TITLES[part]!, heading: HeadingLevel.HEADING_2 }),
          ...list.map(paragraph),
        ];
  });
  const headers = byPart('headers');
  const footers = byPart('footers');
  return freshWordFile([
    {
      ...(headers.length > 0
        ? { headers: { default: new Header({ children: headers.map(paragraph) }) } }
        : {}),
      ...(footers.length > 0
        ? { footers: { default: new Footer({ children: footers.map(paragraph) }) } }
        : {}),
      children: [...byPart('body').map(paragraph), ...notes],
    },
  ]);
}
