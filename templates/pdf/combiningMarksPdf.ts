/**
 * A text PDF whose values carry a combining mark over every character (issue 53: Unicode in a
 * PDF's text layer): an e-mail address with acute accents, an IBAN with diaereses, an SSN
 * underlined mark by mark. The text layer holds the marks as characters of their own, each drawn
 * over the letter before it with no width, as a font with combining glyphs draws them. The
 * standard PDF fonts have no such glyphs, so the page embeds a small font made here: the letters
 * of Liberation Sans (shipped with pdfjs-dist) and three mark glyphs. Every value is made up.
 */
import fontkit from '@pdf-lib/fontkit';
import opentype from 'opentype.js';
import { PDFDocument } from 'pdf-lib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Each value as printed (marks included), with the label before it on its line and, for one, the
 * words after it (so the value ends inside the line's text).
 */
export const MARKED_VALUES = [
  { label: 'Contact: ', value: mark('ellen.varga', '\u0301') + '@example.org', type: 'EMAIL' },
  { label: 'IBAN ', value: mark('GB82 WEST 1234 5698 7654 32', '\u0308'), type: 'BANK_ACCOUNT' },
  {
    label: 'SSN ',
    value: mark('123-45-6789', '\u0332'),
    type: 'SSN',
    after: ' on file since 2019',
  },
] as const;

export const MARKED_PAGE = { width: 595, height: 842, x: 50, top: 780, leading: 28, size: 12 };

/** `text` with `combining` after every character but spaces. */
function mark(text: string, combining: string): string {
  return [...text].map((c) => (c === ' ' ? c : c + combining)).join('');
}

function liberationSans(): opentype.Font {
  const require = createRequire(import.meta.url);
  const pdfjs = dirname(require.resolve('pdfjs-dist/package.json'));
  return opentype.loadSync(join(pdfjs, 'standard_fonts', 'LiberationSans-Regular.ttf'));
}

/** A zero-width glyph drawn as a bar over (or under) the letter before it. */
function markGlyph(name: string, unicode: number, bottom: number, top: number): opentype.Glyph {
  const path = new opentype.Path();
  path.moveTo(-450, bottom);
  path.lineTo(-150, bottom);
  path.lineTo(-150, top);
  path.lineTo(-450, top);
  path.close();
  return new opentype.Glyph({ name, unicode, advanceWidth: 0, path });
}

/** The font the page embeds: the letters its lines use, and the three marks. */
function fontWithMarks(lines: readonly string[]): opentype.Font {
  const base = liberationSans();
  const glyphs = [
    new opentype.Glyph({
      name: '.notdef',
      unicode: 0,
      advanceWidth: 650,
      path: new opentype.Path(),
    }),
  ];
  for (const c of new Set(lines.join('').replace(/\p{M}/gu, ''))) {
    const g = base.charToGlyph(c);
    const unicode = c.codePointAt(0)!;
    glyphs.push(
      new opentype.Glyph({
        name: `u${unicode}`,
        unicode,
        advanceWidth: g.advanceWidth,
        path: g.path,
      }),
    );
  }
  glyphs.push(
    markGlyph('acutecomb', 0x301, 1500, 1600),
    markGlyph('dieresiscomb', 0x308, 1500, 1600),
    markGlyph('lowlinecomb', 0x332, -300, -200),
  );
  return new opentype.Font({
    familyName: 'FinRedact Marks',
    styleName: 'Regular',
    unitsPerEm: base.unitsPerEm,
    ascender: base.ascender,
    descender: base.descender,
    glyphs,
  });
}

/** Where each value is drawn, in PDF points from the page's top left: [left, right] × line. */
export interface MarkedValueBox {
  readonly left: number;
  readonly right: number;
  readonly baselineFromTop: number;
}

export async function combiningMarksPdf(): Promise<{ pdf: Uint8Array; boxes: MarkedValueBox[] }> {
  const { width, height, x, top, leading, size } = MARKED_PAGE;
  const lines = [
    'Statement of account',
    ...MARKED_VALUES.map((v) => v.label + v.value + ('after' in v ? v.after : '')),
  ];
  const font = fontWithMarks(lines);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embedded = await doc.embedFont(new Uint8Array(font.toArrayBuffer()), { subset: false });
  const page = doc.addPage([width, height]);
  lines.forEach((line, i) =>
    page.drawText(line, { x, y: top - i * leading, size, font: embedded }),
  );
  // As pdf-lib lays the line out: the marks take no width.
  const advance = (text: string): number => embedded.widthOfTextAtSize(text, size);
  const boxes = MARKED_VALUES.map((v, i) => ({
    left: x + advance(v.label),
    right: x + advance(v.label + v.value),
    baselineFromTop: height - (top - (i + 1) * leading),
  }));
  return { pdf: await doc.save(), boxes };
}
