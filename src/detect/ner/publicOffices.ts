/**
 * Public offices and titles alone: "United States Trustee", "U.S. Trustee", "Office of the United
 * States Trustee", "Trustee", "Case". LABELS.md leaves government bodies, courts and regulators out
 * of COMPANY and titles alone out of NAME. The model, which met no such office in training, tagged
 * "United States Trustee" 930 times as a company in a bankruptcy trustee's handbook (wild-dev),
 * and the office title on its own 181 more.
 *
 * A span made only of jurisdiction words, office words and connectives, with at least one office
 * word, is such an office. 0 of 16,700 gold NAME/COMPANY spans of the generator's evaluation data,
 * 0 of 1,107 presidio-synth-v2 PERSON/ORGANIZATION spans and none of the real sets' gold are. One
 * word outside the lists keeps the span ("U.S. Bank", "United States Steel", "Trustee Services
 * Ltd", "Federal Express").
 */

/** Words with their last full stop taken off ("U.S." is "u.s", "Dept." would be "dept"). */
const JURISDICTION = new Set('united states u.s us usa federal national state'.split(' '));

const OFFICE = new Set(
  (
    'trustee trustees debtor debtors creditor creditors receiver liquidator examiner case cases ' +
    'court courts clerk judge attorney attorneys general marshal marshals bankruptcy district ' +
    'department office program service treasury justice internal revenue commission ' +
    'administration agency government congress senate'
  ).split(' '),
);

const CONNECTIVES = new Set(['of', 'the', 'for']);

/** Whether a model span names a public office or is an office's title alone. */
export function isPublicOffice(value: string): boolean {
  const words = value
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[("'“‘]+|[)"'”’,;:]+$/g, '').replace(/\.$/, ''))
    .filter((w) => w !== '');
  const known = (w: string): boolean => JURISDICTION.has(w) || OFFICE.has(w) || CONNECTIVES.has(w);
  return words.every(known) && words.some((w) => OFFICE.has(w));
}

/**
 * Whether a model span of `type` is an office, scored down. A NAME of one word is a surname as
 * often as a title ("Mr. Case", "Judge" as a family name): only a NAME of several words, all
 * offices ("United States Trustee"), is. A COMPANY of one office word ("Trustee") is one.
 */
export function isOfficeSpan(type: string, value: string): boolean {
  if (type === 'COMPANY') return isPublicOffice(value);
  return type === 'NAME' && /\S\s+\S/.test(value.trim()) && isPublicOffice(value);
}
