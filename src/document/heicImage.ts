/**
 * Phone photos in HEIF/HEIC (iPhones' default): sharp's prebuilt libvips cannot decode HEVC, so
 * libheif compiled to WebAssembly (heic-decode) does, offline. libheif applies the container's
 * rotation and mirroring (irot/imir), which is where HEIF keeps a photo's orientation; a file
 * without them whose EXIF says how to turn it (as encoders that copy a JPEG's EXIF write) is
 * turned as EXIF says — never both, which would turn an iPhone photo twice. The photo becomes a lossless PNG with no metadata before anything
 * else sees it: OCR, the page view and the redacted copy all read the same pixels, and the
 * copy (a .png) keeps none of the photo's EXIF, GPS or depth data.
 */
import sharp from 'sharp';
import { InputError } from '../domain/inputError.js';
import { isHeif } from './heifBrand.js';
import { corruptImageError, MAX_IMAGE_PIXELS } from './imagePages.js';
import { quietConsole } from '../shared/quietConsole.js';

/** The top-level `meta` box's bytes, where HEIF keeps item properties such as irot and imir. */
function metaBox(bytes: Uint8Array): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 8 <= bytes.length;) {
    const size = view.getUint32(at);
    const type = Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1');
    if (type === 'meta') return bytes.subarray(at, size === 0 ? bytes.length : at + size);
    if (size < 8) return undefined;
    at += size;
  }
  return undefined;
}

function hasTransformBox(bytes: Uint8Array): boolean {
  const meta = metaBox(bytes);
  if (!meta) return false;
  const text = Buffer.from(meta).toString('latin1');
  return text.includes('irot') || text.includes('imir');
}

/** The orientation tag of the IFD0 of a TIFF header at `tiff`, if that is a plausible one. */
function orientationAt(buffer: Buffer, tiff: number): number | undefined {
  const little = buffer[tiff] === 0x49;
  const u16 = (o: number) => (little ? buffer.readUInt16LE(o) : buffer.readUInt16BE(o));
  const u32 = (o: number) => (little ? buffer.readUInt32LE(o) : buffer.readUInt32BE(o));
  if (tiff + 8 > buffer.length) return undefined;
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > buffer.length) return undefined;
  const count = u16(ifd);
  // IFD0 of a camera's EXIF holds a few dozen tags at most; more is not an EXIF block.
  if (count === 0 || count > 200 || ifd + 2 + 12 * count > buffer.length) return undefined;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + 12 * i;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/**
 * The EXIF orientation (1–8) of the file's Exif item, or 1 if it has none. The item is a TIFF
 * block (after "Exif\0\0" in Apple's files, directly in libheif's), found by its header.
 */
export function exifOrientation(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const header of ['II*\0', 'MM\0*']) {
    for (let at = buffer.indexOf(header, 0, 'latin1'); at >= 0;) {
      const found = orientationAt(buffer, at);
      if (found !== undefined) return found;
      at = buffer.indexOf(header, at + 1, 'latin1');
    }
  }
  return 1;
}

/** Turns pixels as an EXIF orientation says, in two steps so their order is explicit. */
async function oriented(png: Buffer, orientation: number): Promise<Buffer> {
  const angle = { 3: 180, 5: 90, 6: 90, 7: 270, 8: 270 }[orientation] ?? 0;
  const turned = angle === 0 ? png : await sharp(png).rotate(angle).png().toBuffer();
  if (orientation === 2 || orientation === 5 || orientation === 7)
    return sharp(turned).flop().png().toBuffer();
  if (orientation === 4) return sharp(turned).flip().png().toBuffer();
  return turned;
}

async function heifAsPng(bytes: Uint8Array, file: string): Promise<Uint8Array> {
  const { default: decode } = await import('heic-decode');
  let images;
  // libheif-js says why it cannot parse a file with console.log and then only throws "HEIF
  // image not found": its words go into this file's error instead of onto the terminal.
  const quiet = quietConsole();
  try {
    images = await decode.all({ buffer: bytes });
  } catch (error) {
    throw corruptImageError(file, quiet.said.length > 0 ? new Error(quiet.said.join('; ')) : error);
  } finally {
    quiet.restore();
  }
  try {
    const primary = images[0]!;
    if (primary.width * primary.height > MAX_IMAGE_PIXELS)
      throw new InputError(
        'image-too-large',
        file,
        `the photo is ${primary.width}×${primary.height} pixels, over the limit of ${(MAX_IMAGE_PIXELS / 1e6).toFixed(0)} megapixels`,
        'export it at a smaller size, then try again',
      );
    let image;
    try {
      image = await primary.decode();
    } catch (error) {
      throw corruptImageError(file, error);
    }
    const png = await sharp(
      Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      { raw: { width: image.width, height: image.height, channels: 4 } },
    )
      .png()
      .toBuffer();
    return hasTransformBox(bytes) ? png : oriented(png, exifOrientation(bytes));
  } finally {
    images.dispose();
  }
}

/** The bytes to hand to sharp: a HEIF photo decoded to PNG, anything else as it is. */
export function readableImage(bytes: Uint8Array, file: string): Promise<Uint8Array> {
  return isHeif(bytes) ? heifAsPng(bytes, file) : Promise.resolve(bytes);
}
