/**
 * A phone photo of a receipt as an iPhone saves it (HEIC, HEVC-coded), for the photo tests
 * (issue 40). The receipt is drawn here; `npm run fixtures:heic` stores it as a JPEG whose EXIF
 * says "rotate 90° clockwise" (how phones save a portrait shot: pixels sideways) and has
 * libheif's heif-enc (Debian's libheif-examples) encode it as HEIC into test/fixtures/photos/,
 * where the tests read it — they need no encoder, and the committed file is reproducible from
 * this code. Every value is synthetic.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';

export const PHOTO_VALUES = {
  email: 'receipts.owner@example.org',
  iban: 'DE89 3704 0044 0532 0130 00',
} as const;

export const HEIC_FIXTURE = 'test/fixtures/photos/receipt.heic';

const LINES = [
  'CORNER STATIONERY',
  'Receipt 4471',
  'Paper and toner 84.20',
  `Refunds to IBAN ${PHOTO_VALUES.iban}`,
  `Send queries to ${PHOTO_VALUES.email}`,
  'Thank you for your purchase',
];

/** The dim photo: taken in poor light, its paper darker than mid-grey (issue 53). */
export const DIM_HEIC_FIXTURE = 'test/fixtures/photos/dim-receipt.heic';

/** Paper and ink of a receipt photographed in poor light: every level scaled down together. */
const DIM = { paper: 'rgb(52,48,44)', ink: 'rgb(24,22,20)' } as const;

/** The receipt upright, as a reader sees it. */
export function receiptPng(
  colours: { paper: string; ink: string } = {
    paper: 'white',
    ink: 'black',
  },
): Buffer {
  const width = 1100;
  const height = 640;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colours.paper;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = colours.ink;
  ctx.font = '34px sans-serif';
  LINES.forEach((line, i) => ctx.fillText(line, 50, 90 + i * 90));
  return canvas.toBuffer('image/png');
}

/** The receipt's pixels turned a quarter left, with EXIF orientation 6 saying how to show it. */
export async function sidewaysReceiptJpeg(): Promise<Buffer> {
  return sharp(receiptPng())
    .rotate(-90)
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The same receipt photographed in poor light: dim, a little soft, sideways with its EXIF turn. */
export async function dimSidewaysReceiptJpeg(): Promise<Buffer> {
  return sharp(receiptPng(DIM))
    .blur(1.2)
    .rotate(-90)
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
