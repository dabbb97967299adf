/**
 * Words that make a name an organisation's. What trades are ("Logistics", "Restaurant", Malay
 * receipts' "Kedai" and "Syarikat Perniagaan"): none of 33,315 gold names and companies of the
 * generator, presidio-synth-v2 and the real sets holds one in a person's name ("Mart", a Dutch
 * given name, is left out for that). And what bodies are ("Council", "Trust", "Bank"), which a
 * surname may be ("Jane Bank"), so only a line that is a party's by its place reads them.
 */
const TRADE_WORDS: ReadonlySet<string> = new Set(
  (
    'restaurant restoran kedai syarikat perniagaan trading enterprise enterprises hardware ' +
    'minimarket supermarket pharmacy farmasi bakery cafe café seafood solutions media retail ' +
    'hospitality industries boutique software traders consulting consultants logistics systems ' +
    'technologies technology tech ventures studio studios design construction engineering ' +
    'healthcare pharma pharmaceuticals foods farms motors energy capital finance financial ' +
    'insurance investments realty estates supplies supply electrical manufacturing labs ' +
    'laboratories networks communications transport travel hotel hotels store stores shop ' +
    'market imports exports distributors distribution wholesale builders contractors plumbing ' +
    'legal accounting accountants advisors advisory brothers bros sons international global ' +
    'industrial works centre center textiles interiors analytics holdings services group ' +
    'partners trust company corporation agency properties'
  ).split(' '),
);

const BODY_WORDS: ReadonlySet<string> = new Set(
  (
    'corporate administration administrators association society partnership management ' +
    'property foundation institute university college school hospital clinic church club bank ' +
    'authority ministry office council'
  ).split(' '),
);

/** The words of `value`, lower case, letters only. */
function wordsOf(value: string): string[] {
  return value
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 0);
}

/** Whether `value` holds a trade's word: a name that does is a company's. */
export function hasTradeWord(value: string): boolean {
  return wordsOf(value).some((w) => TRADE_WORDS.has(w));
}

/** Whether `value` holds a trade's or a body's word. */
export function hasOrganisationWord(value: string): boolean {
  return wordsOf(value).some((w) => TRADE_WORDS.has(w) || BODY_WORDS.has(w));
}

/** Whether every word of `value` is a trade's: "RESTORAN", "Seafood Restaurant". */
export function onlyTradeWords(value: string): boolean {
  const words = wordsOf(value);
  return words.length > 0 && words.every((w) => TRADE_WORDS.has(w));
}
