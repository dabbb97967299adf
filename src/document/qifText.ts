/**
 * Quicken's interchange format (.qif), as banks and accounting programs still export
 * transactions: one field to a line, its kind the line's first letter glued to its value
 * ("PQuill Harrow" is the payee), a record ended by "^". Read as a label and the value
 * ("Payee: Quill Harrow"), a record to a paragraph, so a payee's name is a word of its own and
 * a label says what each value is. Letters this does not know keep their line as it is.
 */
const FIELDS: Readonly<Record<string, string>> = {
  D: 'Date',
  T: 'Amount',
  U: 'Amount',
  C: 'Cleared',
  N: 'Number',
  P: 'Payee',
  M: 'Memo',
  A: 'Address',
  L: 'Category',
  S: 'Split category',
  E: 'Split memo',
  $: 'Split amount',
};

export function qifText(source: string): string {
  return source
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      if (line.startsWith('^')) return '';
      if (line.startsWith('!')) return line.slice(1).replace(/^Type:/i, 'Type: ');
      const field = FIELDS[line.charAt(0)];
      return field ? `${field}: ${line.slice(1).trim()}` : line;
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
