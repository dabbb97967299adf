import type { Rng } from './rng.js';
import { isPii, type GoldSpan, type Pii } from './goldDocument.js';
import { validateSpans } from './validateSpans.js';

/** Anything a template may interpolate: literal text, a labelled value, or nothing. */
export type Part = string | number | Pii | null | undefined | false | readonly Part[];

interface LabelledRange extends GoldSpan {
  readonly value: string;
}

/** A literal chunk of a template string, split into plain text and `{a|b|c}` alternatives. */
type Piece = string | readonly string[];

const parsedTemplates = new WeakMap<TemplateStringsArray, Piece[][]>();

/** `{processed|facilitated|handled}` → one alternative per use; parsed once per call site. */
function parseAlternatives(literal: string): Piece[] {
  const pieces: Piece[] = [];
  const re = /\{([^{}]*)\}/g;
  let last = 0;
  for (let m = re.exec(literal); m; m = re.exec(literal)) {
    if (m.index > last) pieces.push(literal.slice(last, m.index));
    pieces.push((m[1] ?? '').split('|'));
    last = m.index + m[0].length;
  }
  if (last < literal.length) pieces.push(literal.slice(last));
  // A brace left over means an alternative was split by an interpolation: a template bug.
  if (pieces.some((p) => typeof p === 'string' && /[{}]/.test(p))) {
    throw new Error(`unbalanced {alternatives} in template text ${JSON.stringify(literal)}`);
  }
  return pieces;
}

/** Ranges of text the noise stage treats specially (headings may be upper-cased, tables tab-separated). */
export interface Region {
  readonly start: number;
  readonly end: number;
  readonly kind: 'heading' | 'table';
}

export interface BuiltDocument {
  readonly text: string;
  readonly spans: GoldSpan[];
  readonly regions: Region[];
}

/**
 * Assembles a document left to right and records a gold span for every labelled value as it
 * is appended, so offsets are correct by construction rather than found by searching afterwards
 * (searching would mislabel a name that also occurs as an ordinary word).
 */
export class DocBuilder {
  private readonly chunks: string[] = [];
  private length = 0;
  private readonly labelled: LabelledRange[] = [];
  private readonly regions: Region[] = [];

  constructor(private readonly rng: Rng) {}

  /** Tagged template: `d.add\`Dear ${name}, your payment was {processed|handled} by ${company}.\``. */
  add(strings: TemplateStringsArray, ...values: Part[]): this {
    let parsed = parsedTemplates.get(strings);
    if (!parsed) {
      parsed = strings.raw.map((_, i) => parseAlternatives(strings[i] ?? ''));
      parsedTemplates.set(strings, parsed);
    }
    for (let i = 0; i < parsed.length; i++) {
      this.pieces(parsed[i] ?? []);
      if (i < values.length) this.part(values[i]);
    }
    return this;
  }

  /** A literal held in data rather than written at a call site: `{a|b}` alternatives, no values. */
  phrase(literal: string): this {
    return this.pieces(parseAlternatives(literal));
  }

  /** Appends plain pieces as they are and one pick from each set of alternatives. */
  private pieces(list: readonly Piece[]): this {
    for (const piece of list) this.text(typeof piece === 'string' ? piece : this.rng.pick(piece));
    return this;
  }

  part(value: Part): this {
    if (value === null || value === undefined || value === false) return this;
    if (typeof value === 'string') return this.text(value);
    if (typeof value === 'number') return this.text(String(value));
    if (isPii(value)) return this.pii(value);
    for (const v of value as readonly Part[]) this.part(v);
    return this;
  }

  text(s: string): this {
    if (s.length > 0) {
      this.chunks.push(s);
      this.length += s.length;
    }
    return this;
  }

  pii(p: Pii): this {
    const start = this.length;
    this.text(p.value);
    this.labelled.push({ start, end: this.length, type: p.type, value: p.value });
    return this;
  }

  /** Appends parts followed by a newline. */
  line(...parts: Part[]): this {
    for (const p of parts) this.part(p);
    return this.text('\n');
  }

  blank(): this {
    return this.text('\n');
  }

  heading(...title: Part[]): this {
    const start = this.length;
    for (const p of title) this.part(p);
    this.regions.push({ start, end: this.length, kind: 'heading' });
    return this.text('\n');
  }

  /** Marks what `write` appends as a table, so noise may turn its column padding into tabs. */
  table(write: () => void): this {
    const start = this.length;
    write();
    this.regions.push({ start, end: this.length, kind: 'table' });
    return this;
  }

  get position(): number {
    return this.length;
  }

  /** Joins the text, checks every span (slice equals value, trimmed, no overlaps) and returns it. */
  build(where: string): BuiltDocument {
    const text = this.chunks.join('');
    for (const span of this.labelled) {
      if (text.slice(span.start, span.end) !== span.value) {
        throw new Error(
          `span value mismatch for ${span.type} ${JSON.stringify(span.value)} ${where}`,
        );
      }
    }
    const spans = this.labelled.map(({ start, end, type }) => ({ start, end, type }));
    spans.sort((a, b) => a.start - b.start);
    validateSpans(text, spans, where);
    return { text, spans, regions: this.regions };
  }
}
