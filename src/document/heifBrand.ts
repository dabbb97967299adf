/** Whether bytes are a HEIF/HEIC photo: an ISO media file whose major brand is one of HEIF's. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = Buffer.from(bytes.subarray(4, 12)).toString('latin1');
  return box.startsWith('ftyp') && HEIF_BRANDS.has(box.slice(4).replace(/\0/g, ' ').trim());
}
