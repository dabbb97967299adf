/**
 * UTF-16 text, told apart and decoded: shared by the text reader and the e-mail reader, which
 * both meet files saved as 16-bit characters with or without a byte-order mark.
 */

/** BOM-less UTF-16 of mostly-ASCII text: every other byte is NUL. */
export function looksLikeBomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | false {
  const n = Math.min(bytes.length, 8192) & ~1;
  if (n < 4) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.6 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.6 && oddZeros < pairs * 0.05) return 'utf-16be';
  return false;
}

/** UTF-16 bytes (no byte-order mark) as text. */
export function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  if (encoding === 'utf-16le') return new TextDecoder('utf-16le').decode(bytes);
  const swapped = new Uint8Array(bytes.length - (bytes.length % 2));
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    swapped[i] = bytes[i + 1]!;
    swapped[i + 1] = bytes[i]!;
  }
  return new TextDecoder('utf-16le').decode(swapped);
}
