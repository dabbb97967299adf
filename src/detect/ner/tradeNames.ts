/**
 * A trade's name the model read as a person's. A NAME holding a trade's word ("SYARIKAT
 * PERNIAGAAN KIM HOCK", "Harbour Seafood Restaurant") is a company's; a trade's word alone beside
 * a name on its line ("RESTORAN" + "SRI MELUR", cut in two by the model) is one company with it,
 * at the higher of the two scores.
 */
import { makeSpan, type Span } from '../../domain/span.js';
import { hasTradeWord, onlyTradeWords } from '../../domain/organisationWords.js';

const isParty = (s: Span): boolean => s.type === 'NAME' || s.type === 'COMPANY';
const isTradeAlone = (s: Span): boolean => s.type === 'COMPANY' && onlyTradeWords(s.text);

/** `spans` with trades' names as companies; called only where companies are reported. */
export function asTradeCompanies(text: string, spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  const sorted = spans
    .map((s) => (s.type === 'NAME' && hasTradeWord(s.text) ? { ...s, type: 'COMPANY' } : s))
    .sort((a, b) => a.start - b.start);
  for (const s of sorted) {
    const last = out.at(-1);
    const joined =
      last &&
      isParty(last) &&
      isParty(s) &&
      (isTradeAlone(last) || isTradeAlone(s)) &&
      /^[ \t]{1,2}$/.test(text.slice(last.end, s.start));
    if (joined) {
      const score = Math.max(last.score, s.score);
      out[out.length - 1] = makeSpan(text, last.start, s.end, 'COMPANY', score, last.source);
    } else {
      out.push(s);
    }
  }
  return out;
}
