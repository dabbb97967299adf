/**
 * The sensitivity label an organisation stamps on its files' headers and footers ("C2 General",
 * "C3 - Confidential", "Classification: Internal"): the model read a listed company's footer
 * "C2 General" as a person (wild-dev's quarterly workbook), and a label repeats on every page
 * and sheet. A label is a level code or the word "Classification" with one of the levels the
 * labelling schemes use; a level word alone ("General", "Internal") is left to the model, since
 * it may be part of a name.
 */
import { lineAround } from '../lineIndex.js';

const LEVELS =
  'public|general|internal(?: use)?(?: only)?|confidential|highly confidential|' +
  'strictly confidential|restricted|secret|sensitive|personal|unclassified';

const LABEL = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:C[0-4]|classification|sensitivity(?: label)?)\\s*[-–:]?\\s*(?:${LEVELS})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** Whether `[start, end)` of `text` lies inside a sensitivity label on its line. */
export function inSensitivityLabel(text: string, start: number, end: number): boolean {
  const line = lineAround(text, start);
  if (end > line.end) return false;
  for (const m of text.slice(line.start, line.end).matchAll(LABEL)) {
    const from = line.start + m.index;
    if (from <= start && end <= from + m[0].length) return true;
  }
  return false;
}
