/**
 * A redacted copy read as an attacker would, knowing nothing of how it was made: through the
 * document layer, as any reader opens it (the same extraction an input gets), and raw — every
 * part of its zip whatever its name or extension, XML as its text and every attribute value,
 * anything else as its runs of printable characters.
 */
import JSZip from 'jszip';
import type { DocumentKind } from '../domain/documentText.js';
import { extractDocx } from '../extract/docx/extractDocx.js';
import { extractCsv, extractXlsx } from '../extract/sheet/extractSheet.js';

export interface CopyReading {
  /** Where the text was read: "the document as a reader opens it", or a part's name. */
  readonly where: string;
  readonly text: string;
  /** Prose a person reads (the model reads it too), or raw content (patterns only). */
  readonly prose: boolean;
}

const XML_START = /^\s*(?:\uFEFF)?</;

/** Attributes whose values name the format (namespaces, relationship and content types). */
const FORMAT_ATTRIBUTE =
  /^(?:xmlns(?::.*)?|Type|ContentType|Extension|PartName|uri|Ignorable|Requires|schemaLocation|type|space)$/;
/** Schema addresses of the Office formats, wherever they appear. */
const SCHEMA =
  /^https?:\/\/(?:schemas\.(?:openxmlformats\.org|microsoft\.com)|purl\.org|www\.w3\.org)\//;

/** An XML part's text nodes and attribute values, one per line, entities decoded. */
export function xmlTexts(xml: string): string {
  const out: string[] = [];
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
      .replace(/&amp;/g, '&');
  for (const m of xml.matchAll(/<[^>]*>|[^<]+/g)) {
    const piece = m[0];
    if (piece.startsWith('<')) {
      for (const a of piece.matchAll(/\s([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        const value = decode(a[2] ?? a[3] ?? '');
        // Namespace and schema references are the format's own words, not the document's.
        const local = a[1]!.replace(/^(?!xmlns)[\w.-]+:/, '');
        if (value.trim() !== '' && !FORMAT_ATTRIBUTE.test(local) && !SCHEMA.test(value))
          out.push(value);
      }
    } else if (piece.trim() !== '') {
      out.push(decode(piece));
    }
  }
  return out.join('\n');
}

/** Runs of six or more printable characters, as `strings` finds them in a binary part. */
export function printableRuns(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('latin1');
  return (text.match(/[\x20-\x7e\u00a0-\u00ff]{6,}/g) ?? []).join('\n');
}

async function zipParts(bytes: Uint8Array): Promise<CopyReading[]> {
  const zip = await JSZip.loadAsync(bytes);
  const out: CopyReading[] = [];
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const raw = await entry.async('uint8array');
    const asText = Buffer.from(raw).toString('utf8');
    const text = XML_START.test(asText) ? xmlTexts(asText) : printableRuns(raw);
    if (text.trim() !== '') out.push({ where: `part ${entry.name}`, text, prose: false });
  }
  return out;
}

export async function readCopy(
  bytes: Uint8Array,
  kind: Extract<DocumentKind, 'docx' | 'xlsx' | 'csv'>,
  name: string,
): Promise<CopyReading[]> {
  const opened =
    kind === 'docx'
      ? await extractDocx(bytes, name)
      : kind === 'xlsx'
        ? await extractXlsx(bytes, name)
        : extractCsv(bytes, name);
  const readings: CopyReading[] = [
    { where: 'the copy as a reader opens it', text: opened.text, prose: true },
  ];
  if (kind !== 'csv') readings.push(...(await zipParts(bytes)));
  return readings;
}
