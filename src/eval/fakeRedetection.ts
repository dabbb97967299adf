/**
 * Do fakes look real? Each document is anonymised in `fake` mode from what the detector finds,
 * then detected again: a fake is "found again" when a detection overlaps the place it was
 * written, and an original is "found" when its value is still readable anywhere in the output.
 * Fakes should be found again (a reader cannot tell them from real values) and originals never.
 */
import { anonymise, anonymisedOffsets, replacementsBySpan } from '../anonymise/anonymise.js';
import { drawFake } from '../anonymise/fakeValues.js';
import { Replacements } from '../anonymise/replacements.js';
import type { Detector } from '../detect/engine.js';
import { sameKind } from '../detect/sameKind.js';
import { normaliseValue } from '../domain/userRecognizers.js';
import { ValueIndex } from '../domain/valueMatching.js';

export interface FakeRedetection {
  readonly documents: number;
  /** Per type: fakes written and fakes a detection overlaps in the anonymised text. */
  readonly perType: Record<string, { fakes: number; foundAgain: number }>;
  readonly fakes: number;
  readonly foundAgain: number;
  /** Original values still readable in an anonymised text (should be none). */
  readonly originalsReadable: readonly string[];
}

export async function fakeRedetection(
  texts: readonly string[],
  detector: Detector,
  seed = 1,
): Promise<FakeRedetection> {
  const perType: Record<string, { fakes: number; foundAgain: number }> = {};
  const originalsReadable: string[] = [];
  for (const [n, text] of texts.entries()) {
    const spans = await detector.detect(text);
    if (spans.length === 0) continue;
    const forbidden = new Set(spans.map((s) => normaliseValue(s.text)));
    const scope = new Replacements({
      mode: 'fake',
      seed: seed + n,
      forbidden,
      drawFake: (draw) => drawFake(draw, sameKind),
    });
    const replacementOf = replacementsBySpan(spans, scope.forDocument(`doc ${n}`, text, spans));
    const anonymised = anonymise(text, spans, replacementOf);
    const again = await detector.detect(anonymised);
    for (const region of anonymisedOffsets(text, spans, replacementOf)) {
      const counts = (perType[region.span.type] ??= { fakes: 0, foundAgain: 0 });
      counts.fakes++;
      if (again.some((s) => s.start < region.end && region.start < s.end)) counts.foundAgain++;
    }
    // An original is readable when it occurs as a whole word, ignoring case and spacing
    // ("Break" inside "Breakfast" is not the value).
    const originals = new ValueIndex<string>();
    for (const s of spans) originals.add(s.text, s.text);
    originalsReadable.push(...originals.find(anonymised).map((m) => m.tag));
  }
  const values = Object.values(perType);
  return {
    documents: texts.length,
    perType,
    fakes: values.reduce((a, c) => a + c.fakes, 0),
    foundAgain: values.reduce((a, c) => a + c.foundAgain, 0),
    originalsReadable,
  };
}
