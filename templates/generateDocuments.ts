import { maybeFinePrint } from './blocks/finePrint.js';
import { DocBuilder } from './core/docBuilder.js';
import type { DocTemplate } from './core/docTemplate.js';
import { GenContext } from './core/genContext.js';
import type { GoldDocument, Split } from './core/goldDocument.js';
import { Rng, deriveSeed } from './core/rng.js';
import { validateSpans } from './core/validateSpans.js';
import { addExtractionNoise, DEFAULT_NOISE, type NoiseRates } from './noise/extractionNoise.js';
import {
  ALL_TEMPLATES,
  LONG_REPORT_TEMPLATES,
  NOTE_TEMPLATES,
  REAL_DOC_TEMPLATES,
  templatesOfSplit,
} from './registry.js';
import { LOCALES, type Locale } from './values/locales.js';

export interface GenerateOptions {
  readonly n: number;
  readonly seed: number;
  /** Share of documents per split; templates are split disjointly (see registry.ts). */
  readonly splitRatios?: Readonly<Record<Split, number>>;
  readonly noise?: NoiseRates;
  /** Restrict to these locales (templates limited to other locales are skipped). */
  readonly locales?: readonly Locale[];
  /**
   * Share of documents drawn from the conversational note families (0 when omitted: then no
   * extra random draw happens and the output is exactly that of the financial families alone).
   */
  readonly notes?: number;
  /**
   * Share of documents drawn from the long-report family (notes to accounts, directors' reports,
   * continental invoices with small print); 0 when omitted, with no extra random draw.
   */
  readonly longReports?: number;
  /**
   * Share of documents drawn from the real-document families (bank and card exports, report
   * pages, listings, bills and office forms); 0 when omitted, with no extra random draw.
   */
  readonly realDocs?: number;
  /**
   * Share of addresses (0-1) printed as a counterparty abroad, a US military post or a PO box
   * (0 when omitted: no extra draw, the output is unchanged).
   */
  readonly foreignAddresses?: number;
}

export interface GeneratedDocument extends GoldDocument {
  readonly split: Split;
  /** Noise kinds applied to this document (for stats and debugging; not part of the JSONL contract). */
  readonly noise: readonly string[];
}

export const DEFAULT_SPLIT_RATIOS: Readonly<Record<Split, number>> = {
  train: 0.8,
  dev: 0.1,
  test: 0.1,
};

interface SplitPool {
  readonly split: Split;
  /** Templates grouped by family, so every family is equally likely whatever its template count. */
  readonly byFamily: readonly (readonly DocTemplate[])[];
}

function poolOf(
  split: Split,
  locales: readonly Locale[],
  templates: readonly DocTemplate[] = ALL_TEMPLATES,
): SplitPool {
  const usable = templatesOfSplit(split, templates).filter((t) =>
    (t.locales ?? LOCALES).some((l) => locales.includes(l)),
  );
  const families = new Map<string, DocTemplate[]>();
  for (const t of usable) families.set(t.family, [...(families.get(t.family) ?? []), t]);
  return { split, byFamily: [...families.values()] };
}

/** Renders template `t` for one seed: builds, validates, adds noise, validates again. */
export function renderDocument(
  t: DocTemplate,
  locale: Locale,
  docSeed: number,
  id: string,
  noise: NoiseRates,
  foreignAddresses = 0,
): { doc: GoldDocument; noise: string[] } {
  const ctx = new GenContext(locale, docSeed, foreignAddresses);
  const builder = new DocBuilder(ctx.rng);
  t.render(builder, ctx);
  maybeFinePrint(builder, ctx);
  const where = `in template ${t.id} (${locale}, doc ${id})`;
  const built = builder.build(where);
  const noisy = addExtractionNoise(
    ctx.rng,
    { text: built.text, spans: built.spans },
    built.regions,
    noise,
  );
  const text = noisy.doc.text.replace(/\s+$/, '');
  validateSpans(text, noisy.doc.spans, `after noise ${noisy.applied.join(',')} ${where}`);
  return {
    doc: { id, family: t.family, template: t.id, locale, text, spans: noisy.doc.spans },
    noise: noisy.applied,
  };
}

/** Generates document `index` of a run; depends only on (seed, index, options), so runs are reproducible. */
export function* iterateDocuments(opts: GenerateOptions): Generator<GeneratedDocument> {
  const ratios = opts.splitRatios ?? DEFAULT_SPLIT_RATIOS;
  const locales = opts.locales ?? LOCALES;
  const noise = opts.noise ?? DEFAULT_NOISE;
  const pools = (['train', 'dev', 'test'] as const)
    .map((s) => poolOf(s, locales))
    .filter((p) => p.byFamily.length > 0 && ratios[p.split] > 0);
  if (pools.length === 0)
    throw new Error('no templates available for the requested splits and locales');
  const notes = opts.notes ?? 0;
  if (!(notes >= 0 && notes <= 1)) throw new Error(`notes share must be in [0, 1], got ${notes}`);
  const foreign = opts.foreignAddresses ?? 0;
  if (!(foreign >= 0 && foreign <= 1))
    throw new Error(`foreign address share must be in [0, 1], got ${foreign}`);
  const longShare = opts.longReports ?? 0;
  if (!(longShare >= 0 && longShare <= 1))
    throw new Error(`long report share must be in [0, 1], got ${longShare}`);
  const realShare = opts.realDocs ?? 0;
  if (!(realShare >= 0 && realShare <= 1))
    throw new Error(`real-document share must be in [0, 1], got ${realShare}`);
  const realPools = new Map(
    (['train', 'dev', 'test'] as const).map((s) => [s, poolOf(s, locales, REAL_DOC_TEMPLATES)]),
  );
  const longPools = new Map(
    (['train', 'dev', 'test'] as const).map((s) => [s, poolOf(s, locales, LONG_REPORT_TEMPLATES)]),
  );
  const notePools = new Map(
    (['train', 'dev', 'test'] as const).map((s) => [s, poolOf(s, locales, NOTE_TEMPLATES)]),
  );
  for (let i = 0; i < opts.n; i++) {
    const docSeed = deriveSeed(opts.seed, i);
    const pick = new Rng(deriveSeed(opts.seed, i, 0x5eed));
    const splitPool = pick.weighted(pools.map((p) => [p, ratios[p.split]] as const));
    // Its own stream, so a document that stays financial is the same as in a run without notes.
    const asNote = notes > 0 && new Rng(deriveSeed(opts.seed, i, 0x707e5)).chance(notes);
    const notePool = asNote ? notePools.get(splitPool.split) : undefined;
    // Its own stream too; a note stays a note.
    const asLong =
      !notePool && longShare > 0 && new Rng(deriveSeed(opts.seed, i, 0x10c0)).chance(longShare);
    const longPool = asLong ? longPools.get(splitPool.split) : undefined;
    // Its own stream as well; notes and long reports keep their documents.
    const asReal =
      !notePool &&
      !longPool &&
      realShare > 0 &&
      new Rng(deriveSeed(opts.seed, i, 0x4ea1d0c)).chance(realShare);
    const realPool = asReal ? realPools.get(splitPool.split) : undefined;
    // The first opt-in pool drawn that has templates for this split, else the financial families.
    const pool =
      [notePool, longPool, realPool].find((p) => p !== undefined && p.byFamily.length > 0) ??
      splitPool;
    const t = pick.pick(pick.pick(pool.byFamily));
    const locale = pick.pick((t.locales ?? LOCALES).filter((l) => locales.includes(l)));
    const id = `${opts.seed}-${i}`;
    const { doc, noise: applied } = renderDocument(t, locale, docSeed, id, noise, foreign);
    yield { ...doc, split: pool.split, noise: applied };
  }
}

export function generateDocuments(opts: GenerateOptions): GeneratedDocument[] {
  return [...iterateDocuments(opts)];
}

/** The JSONL line for a document: exactly the agreed schema, nothing else. */
export function toJsonLine(d: GoldDocument): string {
  return JSON.stringify({
    id: d.id,
    family: d.family,
    template: d.template,
    locale: d.locale,
    text: d.text,
    spans: d.spans.map((s) => ({ start: s.start, end: s.end, type: s.type })),
  });
}
