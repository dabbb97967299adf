/**
 * Excel refuses cells over 32,767 characters, so long texts are split into numbered parts —
 * never truncated. Parts end at a line break when one is near the limit (a readable cut), and
 * never inside a UTF-16 surrogate pair. Joining the parts gives back the input exactly.
 */
export const EXCEL_CELL_LIMIT = 32_767;

/** How far back from the limit we look for a line break or space to cut at. */
const CUT_WINDOW = 2_000;

function cutPoint(text: string, from: number, limit: number): number {
  const hardEnd = from + limit;
  if (hardEnd >= text.length) return text.length;
  const windowStart = Math.max(from + 1, hardEnd - CUT_WINDOW);
  const newline = text.lastIndexOf('\n', hardEnd - 1);
  if (newline >= windowStart) return newline + 1;
  const space = text.lastIndexOf(' ', hardEnd - 1);
  if (space >= windowStart) return space + 1;
  const code = text.charCodeAt(hardEnd - 1);
  // Do not leave a high surrogate at the end of a part.
  return code >= 0xd800 && code <= 0xdbff ? hardEnd - 1 : hardEnd;
}

export function splitIntoCellParts(text: string, limit = EXCEL_CELL_LIMIT): string[] {
  if (text.length <= limit) return [text];
  const parts: string[] = [];
  let from = 0;
  while (from < text.length) {
    const end = cutPoint(text, from, limit);
    parts.push(text.slice(from, end));
    from = end;
  }
  return parts;
}

/**
 * XML 1.0 (the format inside .xlsx) cannot hold C0 control characters other than tab, line feed
 * and carriage return; a form feed from a text export would make Excel reject the whole file.
 * They are shown as U+FFFD in the workbook only; the text everywhere else is unchanged.
 */
export function toCellText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd');
}
