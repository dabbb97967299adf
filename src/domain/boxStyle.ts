/**
 * How redaction boxes look in a copy, as Acrobat offers: the fill, and the text over each box —
 * none, the value's placeholder, or a code the user types (an exemption code such as "(b)(6)").
 * Fills are dark only: reading a copy back tells its own boxes from print by their darkness
 * (src/pipeline/verifyPixels: red + green + blue under 96), and a light box would read as print.
 */
export const BOX_FILLS: Readonly<Record<string, string>> = {
  black: '#000000',
  'dark grey': '#1e1e1e',
  navy: '#00004f',
  'dark red': '#4f0000',
  'dark green': '#002f00',
};

export type BoxOverlay = 'none' | 'placeholder' | 'code';

/** Overlay codes are short: what fits a box; printable characters only. */
export const MAX_OVERLAY_CODE = 40;

export function isBoxFill(value: string): boolean {
  return Object.values(BOX_FILLS).includes(value.toLowerCase());
}

export function validOverlayCode(code: string): boolean {
  return (
    code.trim() !== '' &&
    code.length <= MAX_OVERLAY_CODE &&
    /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(code)
  );
}
