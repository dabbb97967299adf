/**
 * A person's name never begins with a digit: 0 of 9,837 gold NAME spans do (the generator's eval
 * run, presidio-synth-v2's PERSON, the real sets' tuning halves). The model still read lab codes
 * glued to a column's number ("2Unstim" in a table of coefficients) as names, and propagation
 * then redacted each one wherever it stood.
 */
export function isDigitLedName(value: string): boolean {
  return /^\p{N}/u.test(value);
}
