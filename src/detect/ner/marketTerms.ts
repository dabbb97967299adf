/**
 * The vocabulary of a listed company's report that names no party: share classes ("Class A
 * stock", "Class C capital stock"), markets and indices ("Nasdaq", "NASDAQ Composite", "S&P
 * 500"), securities headings ("REGISTRANT’S COMMON EQUITY", "SECURITIES") and the capitals of an
 * integrated report ("Financial Capital", "Social and Relationship Capital"). Exchanges and index
 * providers are market infrastructure, not a client's counterparty (LABELS.md names parties;
 * real-dev2's annotation leaves them out), and the model, which met them in no training document,
 * tagged 39 of them as companies on four pages of a 10-K.
 *
 * A model span made only of these words is scored down (kept for review, below the threshold).
 * One word outside the list ("Nasdaq, Inc.", "Capital One") keeps the span as it is.
 */

const MARKET_WORDS = new Set(
  // Share classes and securities
  (
    'class a b c common capital preferred preference ordinary stock stocks share shares equity ' +
    "securities registrant registrant’s registrant's " +
    // Markets and indices
    // (not "global", "market", "technology": words of many a company's name)
    'nasdaq nyse amex lse euronext xetra tsx asx bse nse hkex composite index indices s&p ' +
    'ftse dax cac nikkei sensex nifty msci rdg 100 200 400 500 600 ' +
    '1000 2000 30 40 50 225 ' +
    // The capitals of an integrated report
    'financial manufactured intellectual human social relationship natural and of the ' +
    // Reporting headings
    'esg'
  ).split(' '),
);

/**
 * Words that are a term on their own. The rest need company: "Capital" or "Social" alone may be
 * part of a name the model cut ("Can Capital"), a letter an initial, a number anything.
 */
const STANDALONE = new Set(
  (
    'nasdaq nyse amex lse euronext xetra tsx asx bse nse hkex composite s&p ftse dax nikkei ' +
    'sensex nifty msci securities esg stock stocks equity'
  ).split(' '),
);

/** Whether a model span is made only of market and reporting vocabulary. */
export function isMarketTerm(value: string): boolean {
  const words = value.toLowerCase().match(/[\p{L}\p{N}&'’-]+/gu) ?? [];
  if (words.length === 0 || !words.every((w) => MARKET_WORDS.has(w))) return false;
  if (words.length === 1) return STANDALONE.has(words[0]!);
  // A share class's letter follows "class" ("Class A and Class C"); elsewhere it is an initial.
  const letterAlone = words.some(
    (w, k) => /^[abc]$/.test(w) && words[k - 1] !== 'class' && words[k - 1] !== 'and',
  );
  if (letterAlone) return false;
  // At least one word that makes it a term, not only connectives, numbers and letters.
  return words.some((w) => !/^(?:and|of|the|[abc]|\d+)$/.test(w));
}
