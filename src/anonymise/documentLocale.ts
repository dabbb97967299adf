import { LEGAL_FORMS, legalFormKey } from '../domain/vocabulary.js';

/**
 * The language a document is written in, guessed from its commonest short words, so a fake
 * name, company or address looks like it belongs (a German invoice gets a German street). A
 * guess only: English is the answer when nothing stands out.
 */
export type FakeLocale = 'en_US' | 'en_GB' | 'en_IN' | 'de' | 'fr' | 'nl' | 'es';

const MARKERS: Readonly<Record<'de' | 'fr' | 'nl' | 'es', readonly string[]>> = {
  de: ['und', 'der', 'die', 'das', 'mit', 'für', 'nicht', 'sie', 'ist', 'bei'],
  fr: ['le', 'la', 'les', 'et', 'des', 'pour', 'vous', 'est', 'une', 'avec'],
  nl: ['het', 'een', 'van', 'en', 'voor', 'niet', 'met', 'zijn', 'uw', 'wij'],
  es: ['el', 'los', 'las', 'y', 'para', 'con', 'una', 'por', 'usted', 'del'],
};

/** British by its only-British legal forms (src/domain/vocabulary: Ltd, plc), postcode or £. */
const BRITISH = new RegExp(
  `\\b(?:${LEGAL_FORMS.filter((f) => f.locales.length === 1 && f.locales[0] === 'en_GB')
    .map((f) => legalFormKey(f.form))
    .join('|')}|postcode|£)\\b|£`,
  'i',
);

export function guessLocale(text: string): FakeLocale {
  const sample = text.slice(0, 20_000).toLowerCase();
  const words = sample.match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return 'en_US';
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  let best: FakeLocale = 'en_US';
  let bestShare = 0.03;
  for (const [locale, markers] of Object.entries(MARKERS) as [FakeLocale, readonly string[]][]) {
    const share = markers.reduce((a, m) => a + (counts.get(m) ?? 0), 0) / words.length;
    if (share > bestShare) {
      best = locale;
      bestShare = share;
    }
  }
  if (best !== 'en_US') return best;
  if (BRITISH.test(sample)) return 'en_GB';
  if (/₹|\b(?:rs\.|gstin|pan|lakh|crore)\b/i.test(sample)) return 'en_IN';
  return 'en_US';
}
