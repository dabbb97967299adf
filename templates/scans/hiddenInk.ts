/**
 * Page images whose value is printed where a grey-scale reading does not see it (issue 53, ink):
 * white on a dark band, red on a green band of the same brightness, and very light grey on
 * white. Each page has an ordinary first line; the value's line is drawn at a known place, so a
 * test can look at those pixels of the redacted copy. Every value is synthetic (a test IBAN).
 */
import { createCanvas } from '@napi-rs/canvas';

export const HIDDEN_INK_IBAN = 'GB82 WEST 1234 5698 7654 32';
export const HIDDEN_INK_PAGE = { width: 1700, height: 600 } as const;
/** Where the value's line is drawn: the label "Pay to IBAN " starts at x 80, baseline 325. */
export const HIDDEN_INK_LINE = { x: 80, baseline: 325, size: 40 } as const;

/** The line printed below the band. */
export const HIDDEN_INK_AFTER = 'Thank you for banking with us this year.';

export type HiddenInk = 'dark-band' | 'red-on-green' | 'light-grey';

export function hiddenInkPage(kind: HiddenInk): Buffer {
  const { width, height } = HIDDEN_INK_PAGE;
  const canvas = createCanvas(width, height);
  const c = canvas.getContext('2d');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, width, height);
  c.font = `${HIDDEN_INK_LINE.size}px sans-serif`;
  c.fillStyle = '#000000';
  c.fillText('Statement of account for the quarter ending March.', 80, 100);
  if (kind === 'dark-band') {
    c.fillStyle = '#1a1a2e';
    c.fillRect(0, 250, width, 120);
    c.fillStyle = '#ffffff';
  } else if (kind === 'red-on-green') {
    // Luminance 0.587 × 128 ≈ 0.299 × 255 + 0.587 × 40: one grey to a grey-scale reading.
    c.fillStyle = 'rgb(0,128,0)';
    c.fillRect(0, 250, width, 120);
    c.fillStyle = 'rgb(255,40,40)';
  } else {
    c.fillStyle = '#d4d4d4';
  }
  c.fillText(`Pay to IBAN ${HIDDEN_INK_IBAN}`, HIDDEN_INK_LINE.x, HIDDEN_INK_LINE.baseline);
  // Print below the band: the band's reading must come between the lines around it.
  c.fillStyle = '#000000';
  c.fillText(HIDDEN_INK_AFTER, 80, 480);
  return canvas.toBuffer('image/png');
}
