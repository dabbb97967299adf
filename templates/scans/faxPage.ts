/**
 * A fax page as a fax machine stores it (issue 53, ink): 204 × 98 DPI, so each pixel is twice as
 * tall as it is wide, with a line of small print holding an IBAN. Written as a TIFF with both
 * resolutions in its header. Every value is synthetic (a test IBAN).
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';

export const FAX_IBAN = 'GB82 WEST 1234 5698 7654 32';

export async function faxPage(): Promise<Buffer> {
  // Drawn at 204 DPI both ways (an A4 width), then stored at half the rows, as the fax sends it.
  const width = 1700;
  const height = 700;
  const canvas = createCanvas(width, height);
  const c = canvas.getContext('2d');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, width, height);
  c.fillStyle = '#000000';
  c.font = '20px sans-serif';
  c.fillText('Remittance advice for the quarter ending March.', 80, 120);
  c.fillText(`Please pay to IBAN ${FAX_IBAN} by the end of the month.`, 80, 300);
  c.fillText('Questions about this advice go to the accounts desk.', 80, 480);
  return sharp(canvas.toBuffer('image/png'))
    .resize({ width, height: height / 2, fit: 'fill' })
    .greyscale()
    .tiff({ xres: 204 / 25.4, yres: 98 / 25.4, compression: 'lzw' })
    .toBuffer();
}
