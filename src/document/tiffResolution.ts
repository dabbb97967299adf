/**
 * A TIFF page's horizontal and vertical resolution (tags 282 and 283), which sharp reports only
 * one of. A fax is 204 × 98 DPI: its pixels are twice as tall as wide, and read as square they
 * squash every line of print to half its height. Read from the file's image directories (IFDs),
 * little- or big-endian, page by page; undefined where a page does not say.
 */
export interface Resolution {
  readonly x: number;
  readonly y: number;
}

const X_RESOLUTION = 282;
const Y_RESOLUTION = 283;
const RATIONAL = 5;
/** A directory chain longer than this is a loop or garbage, not pages. */
const MAX_PAGES = 10_000;

export function tiffResolutions(bytes: Uint8Array): (Resolution | undefined)[] {
  if (bytes.length < 8) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = String.fromCharCode(bytes[0]!, bytes[1]!);
  if (order !== 'II' && order !== 'MM') return [];
  const little = order === 'II';
  if (view.getUint16(2, little) !== 42) return [];
  const rational = (at: number) => {
    if (at + 8 > bytes.length) return undefined;
    const denominator = view.getUint32(at + 4, little);
    return denominator === 0 ? undefined : view.getUint32(at, little) / denominator;
  };
  const pages: (Resolution | undefined)[] = [];
  const seen = new Set<number>();
  for (let ifd = view.getUint32(4, little); ifd !== 0 && pages.length < MAX_PAGES;) {
    if (seen.has(ifd) || ifd + 2 > bytes.length) break;
    seen.add(ifd);
    const count = view.getUint16(ifd, little);
    if (ifd + 2 + count * 12 + 4 > bytes.length) break;
    let x: number | undefined;
    let y: number | undefined;
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      const tag = view.getUint16(entry, little);
      if (
        (tag !== X_RESOLUTION && tag !== Y_RESOLUTION) ||
        view.getUint16(entry + 2, little) !== RATIONAL
      )
        continue;
      const value = rational(view.getUint32(entry + 8, little));
      if (tag === X_RESOLUTION) x = value;
      else y = value;
    }
    pages.push(x && y ? { x, y } : undefined);
    ifd = view.getUint32(ifd + 2 + count * 12, little);
  }
  return pages;
}
