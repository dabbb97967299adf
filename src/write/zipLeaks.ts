/**
 * The last check of an Office copy (Word, Excel): detected values (four characters or more —
 * shorter ones occur inside ordinary words) still readable anywhere in it, in the text a reader
 * extracts or in the text of any XML part of its zip, compared without spaces or case.
 */
import JSZip from 'jszip';

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&amp;/g, '&');
}

export const squash = (s: string): string => s.replace(/\s+/g, '').toLowerCase();

/** Values found in `texts` (already extracted) or in the zip's XML parts; none is the goal. */
export async function officeLeaks(
  bytes: Uint8Array | undefined,
  texts: readonly string[],
  values: readonly string[],
): Promise<string[]> {
  const haystacks = texts.map(squash);
  if (bytes) {
    const zip = await JSZip.loadAsync(bytes);
    for (const [name, file] of Object.entries(zip.files)) {
      if (file.dir || !/\.(xml|rels)$/.test(name)) continue;
      haystacks.push(squash(decodeEntities((await file.async('string')).replace(/<[^>]+>/g, ''))));
    }
  }
  return [...new Set(values)].filter((v) => {
    const needle = squash(v);
    return needle.length >= 4 && haystacks.some((h) => h.includes(needle));
  });
}

export function leakError(
  leaks: readonly string[],
  values: readonly string[],
  what: string,
): Error {
  // The values themselves stay out of the message: it ends up in logs and workbooks.
  return new Error(
    `${leaks.length} of ${new Set(values).size} detected values would still be in the redacted ${what}; it was not written`,
  );
}
