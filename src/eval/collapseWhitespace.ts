/**
 * Collapses runs of whitespace to one space, as real-dev's gold values are written, and keeps the
 * way back: `toCollapsed[i]` is the collapsed offset of original character i, so spans found in
 * the extracted text can be compared with gold found in the collapsed one.
 */
export interface CollapsedText {
  readonly text: string;
  /** Length original.length + 1; the last entry maps the end of the text. */
  readonly toCollapsed: Int32Array;
}

export function collapseWhitespace(original: string): CollapsedText {
  const toCollapsed = new Int32Array(original.length + 1);
  let out = '';
  let inRun = false;
  for (let i = 0; i < original.length; i++) {
    toCollapsed[i] = out.length;
    const ch = original[i] ?? '';
    if (/\s/.test(ch)) {
      if (!inRun) out += ' ';
      inRun = true;
    } else {
      out += ch;
      inRun = false;
    }
  }
  toCollapsed[original.length] = out.length;
  return { text: out, toCollapsed };
}
