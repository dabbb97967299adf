/**
 * The run's placeholder mode applied to every file's anonymised text (`--placeholders`), with
 * equal values replaced alike within a document or across the run (`--consistent`). Files are
 * taken in input order, so the same input and seed give the same output. Returns the results
 * with their anonymised text and each span's replacement, and the mapping table.
 */
import { anonymise, replacementsBySpan } from '../anonymise/anonymise.js';
import { Replacements } from '../anonymise/replacements.js';
import { sameKind } from '../detect/sameKind.js';
import type { FileResult } from '../domain/fileResult.js';
import type { ConsistencyScope, MappingEntry, PlaceholderMode } from '../domain/placeholderMode.js';
import { normaliseValue } from '../domain/userRecognizers.js';

export interface AnonymiseRunOptions {
  readonly placeholders?: PlaceholderMode;
  readonly consistent?: ConsistencyScope;
  readonly seed?: number;
}

let fakes: typeof import('../anonymise/fakeValues.js') | undefined;

/**
 * Loads the fakes' generator for a run in `fake` mode, before its first replacement: faker with
 * its locales takes a fifth of a second to load here (2 AVX2 cores), a sixth of a small file's
 * whole run, so a run in any other mode never loads it.
 */
export async function loadFakesFor(opts: AnonymiseRunOptions): Promise<void> {
  if (opts.placeholders === 'fake') fakes ??= await import('../anonymise/fakeValues.js');
}

/** A scope of replacements in the run's mode: equal values in it are replaced alike. */
export function runReplacements(
  opts: AnonymiseRunOptions,
  forbidden: ReadonlySet<string> = new Set(),
): Replacements {
  return new Replacements({
    mode: opts.placeholders ?? 'redacted',
    seed: opts.seed ?? 0,
    forbidden,
    drawFake: (draw) => {
      if (fakes === undefined)
        throw new Error('fake placeholders drawn before loadFakesFor loaded their generator');
      return fakes.drawFake(draw, sameKind);
    },
  });
}

export function anonymiseRun(
  results: readonly FileResult[],
  opts: AnonymiseRunOptions,
): { results: FileResult[]; mapping: MappingEntry[] } {
  // No fake may equal any value detected anywhere in the run.
  const forbidden = new Set(results.flatMap((r) => r.spans.map((s) => normaliseValue(s.text))));
  const make = () => runReplacements(opts, forbidden);
  const mode = opts.placeholders ?? 'redacted';
  const shared = opts.consistent === 'batch' ? make() : undefined;
  const mapping: MappingEntry[] = [];
  const out = results.map((r) => {
    // A large sheet chose its replacements while it streamed.
    if (r.streamedMapping) {
      mapping.push(...r.streamedMapping);
      return r;
    }
    if (r.status !== 'ok' || r.spans.length === 0) return r;
    const scope = shared ?? make();
    const before = scope.mapping().length;
    const replacements = scope.forDocument(r.relativePath, r.text, r.spans);
    if (!shared) mapping.push(...scope.mapping());
    else mapping.push(...scope.mapping().slice(before));
    if (mode === 'redacted') return r;
    return {
      ...r,
      replacements,
      anonymized: anonymise(r.text, r.spans, replacementsBySpan(r.spans, replacements)),
    };
  });
  return { results: out, mapping };
}
