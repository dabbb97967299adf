/** How redacted copies are read back before they are written (`--verify`). */
export type PixelVerification = 'pixels' | 'full';
// Here rather than in verify/verifyPixels.ts, which loads OCR, pdf.js and sharp: the CLI's option
// list needs the names at start-up, the checker only when a copy is written.
export const PIXEL_VERIFICATIONS: readonly PixelVerification[] = ['pixels', 'full'];
