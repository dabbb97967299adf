/**
 * What each detection is replaced by, in every placeholder mode, with one rule for all of them:
 * equal values (valueKeys.ts) get equal replacements and different values different ones, within
 * a document or across a run (the scope). A `Replacements` object is that scope: make one per
 * document for `--consistent document`, one per run for `batch`, and ask it for each document in
 * turn. It also keeps the mapping table, for a controller who asks for it (`--mapping`).
 */
import { entityTypeInfo } from '../domain/entityTypes.js';
import type { MappingEntry, PlaceholderMode } from '../domain/placeholderMode.js';
import type { Span } from '../domain/span.js';
import { normaliseValue } from '../domain/userRecognizers.js';
import { guessLocale } from './documentLocale.js';
import type { FakeLocale } from './documentLocale.js';
import { maskValue } from './maskValue.js';
import { PersonIndex } from './valueKeys.js';

export interface ReplacementOptions {
  readonly mode: PlaceholderMode;
  /** Seeds the fakes: the same run, input and seed give the same fakes. */
  readonly seed?: number;
  /** Values no fake may equal: every original of the run, normalised (normaliseValue). */
  readonly forbidden?: ReadonlySet<string>;
  /**
   * Draws the fake for a value (`fake` mode): fakeValues.ts's `drawFake`, passed in so this
   * module — and the review view that numbers and masks with it — does not load faker.
   */
  readonly drawFake?: (draw: FakeDraw) => string;
}

/** What a fake is drawn from: the run's seed, the draw's position in the run, the value, the locale. */
export interface FakeDraw {
  readonly seed: number;
  readonly index: number;
  readonly type: string;
  readonly original: string;
  readonly locale: FakeLocale;
}

/** `[NAME REDACTED]` → `[NAME 3 REDACTED]`; a placeholder of another form gets ` 3` inside its end. */
export function numberedPlaceholder(placeholder: string, n: number): string {
  const m = /^(.*?)(\s+REDACTED\]|\])$/.exec(placeholder);
  return m ? `${m[1]} ${n}${m[2]}` : `${placeholder} ${n}`;
}

export class Replacements {
  private readonly byKey = new Map<string, string>();
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();
  private readonly people = new PersonIndex();
  private readonly entries: MappingEntry[] = [];
  private drawn = 0;

  constructor(private readonly options: ReplacementOptions) {}

  get mode(): PlaceholderMode {
    return this.options.mode;
  }

  /**
   * The replacement of each of `spans` (same order) in a document of `text` named `file`.
   * Spans are taken in text order, so numbers and fakes follow first appearance.
   */
  forDocument(file: string, text: string, spans: readonly Span[]): string[] {
    if (this.options.mode === 'redacted')
      return spans.map((s) => entityTypeInfo(s.type).placeholder);
    this.people.learn(spans);
    const locale = this.options.mode === 'fake' ? guessLocale(text) : 'en_US';
    const order = spans.map((s, i) => [s, i] as const).sort((a, b) => a[0].start - b[0].start);
    const out = new Array<string>(spans.length);
    for (const [span, i] of order) {
      const key = this.people.keyOf(span);
      let replacement = this.byKey.get(key);
      if (replacement === undefined) {
        replacement = this.fresh(span, locale);
        this.byKey.set(key, replacement);
        this.entries.push({ file, type: span.type, original: span.text, replacement });
      }
      out[i] = replacement;
    }
    return out;
  }

  /** Original → replacement, one row per distinct value, in order of first appearance. */
  mapping(): readonly MappingEntry[] {
    return this.entries;
  }

  private fresh(span: Span, locale: FakeLocale): string {
    switch (this.options.mode) {
      case 'numbered': {
        const n = (this.counters.get(span.type) ?? 0) + 1;
        this.counters.set(span.type, n);
        return numberedPlaceholder(entityTypeInfo(span.type).placeholder, n);
      }
      case 'mask':
        return maskValue(span.type, span.text);
      case 'fake':
        return this.fake(span, locale);
      default:
        return entityTypeInfo(span.type).placeholder;
    }
  }

  private fake(span: Span, locale: FakeLocale): string {
    const forbidden = this.options.forbidden ?? new Set<string>();
    const draw = this.options.drawFake;
    if (!draw) throw new Error('fake placeholders need a drawFake function');
    for (let attempt = 0; attempt < 50; attempt++) {
      // Seeded by the run's seed and this draw's position: deterministic, never from the value.
      const candidate = draw({
        seed: this.options.seed ?? 0,
        index: this.drawn++,
        type: span.type,
        original: span.text,
        locale,
      });
      const key = normaliseValue(candidate);
      if (forbidden.has(key) || this.used.has(key) || key === normaliseValue(span.text)) continue;
      this.used.add(key);
      return candidate;
    }
    // Fifty collisions in a row: a placeholder is safe where no fresh fake could be found.
    return entityTypeInfo(span.type).placeholder;
  }
}
