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
import { decodeXmlEntities } from '../shared/xmlEntities.js';

export interface CopyReading {
  /** Where the text was read: "the document as a reader opens it", or a part's name. */
  readonly where: string;
  readonly text: string;
  /** Prose a person reads (the model reads it too), or raw content (patterns only). */
  readonly prose: boolean;
  /**
   * Markup values no person reads as text (an attribute that is neither schema nor wording): only
   * identifiers that prove themselves — a card by Luhn, an IBAN by mod 97, an e-mail — count here.
   */
  readonly checkedOnly?: boolean;
}

const XML_START = /^\s*(?:\uFEFF)?</;

/** Attributes whose values name the format (namespaces, relationship and content types). */
const FORMAT_ATTRIBUTE =
  /^(?:xmlns(?::.*)?|Type|ContentType|Extension|PartName|uri|Ignorable|Requires|schemaLocation|type|space)$/;
/** Schema addresses of the Office formats, wherever they appear. */
const SCHEMA =
  /^https?:\/\/(?:schemas\.(?:openxmlformats\.org|microsoft\.com)|purl\.org|www\.w3\.org)\//;

/**
 * Attributes that hold wording a person wrote or reads (alt text, titles, authors, tooltips,
 * names of styles and parts); every other attribute is the format's own value.
 */
const TEXT_ATTRIBUTE =
  /^(?:alt|title|descr|description|author|initials|name|tooltip|caption|lastModifiedBy|creator|displayName|uiName|comment|prompt|promptTitle|error|errorTitle|text|label)$/i;
/** Elements whose `val` is wording: a style's name, numbering level text, a control's alias and tag, a variable. */
const TEXT_VAL_ELEMENT = /^(?:name|lvlText|alias|tag|docVar|caption|aliases|placeholder|t)$/;

/**
 * A value whose form is the schema's, never wording: numbers and measures, hex (font panose,
 * colours, revision ids), GUIDs, booleans and keywords of one word in lower camel case.
 */
const SCHEMA_VALUE =
  /^(?:[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?(?:pt|cm|mm|in|pc|px|em|%|emu)?|[0-9A-Fa-f]+|\{?[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\}?|[a-z][a-zA-Z]*|[-\d., ]+)$/;

/** What an XML part holds, read as a reader would. */
export interface XmlReading {
  /** Text nodes and the attribute values that hold wording, one per line, entities decoded. */
  readonly text: string;
  /** The other attribute values that are not of a schema's form, for checked identifiers only. */
  readonly values: string;
}

/**
 * An XML part read as a reader reads it: its text nodes and the attributes that hold text (alt,
 * title, descr, author, a style's name, …) are wording; schema values (hex, numbers, ids, GUIDs,
 * measures: a font's panose number, a theme colour, a revision id) are not read at all; any other
 * attribute value is kept apart, where only a self-checking identifier is a finding.
 */
export function xmlReading(xml: string): XmlReading {
  const text: string[] = [];
  const values: string[] = [];
  for (const m of xml.matchAll(/<[^>]*>|[^<]+/g)) {
    const piece = m[0];
    if (piece.startsWith('<')) {
      if (piece.startsWith('<?') || piece.startsWith('<!')) continue;
      const element = /^<\/?([\w:.-]+)/.exec(piece)?.[1]?.replace(/^[\w.-]+:/, '') ?? '';
      for (const a of piece.matchAll(/\s([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        const value = decodeXmlEntities(a[2] ?? a[3] ?? '').trim();
        // Namespace and schema references are the format's own words, not the document's.
        const local = a[1]!.replace(/^(?!xmlns)[\w.-]+:/, '');
        if (value === '' || FORMAT_ATTRIBUTE.test(local) || SCHEMA.test(value)) continue;
        if (TEXT_ATTRIBUTE.test(local) || (local === 'val' && TEXT_VAL_ELEMENT.test(element)))
          text.push(value);
        else if (!SCHEMA_VALUE.test(value)) values.push(value);
      }
    } else if (piece.trim() !== '') {
      text.push(decodeXmlEntities(piece));
    }
  }
  return { text: text.join('\n'), values: values.join('\n') };
}

/** An XML part's text nodes and text-holding attribute values, one per line, entities decoded. */
export function xmlTexts(xml: string): string {
  return xmlReading(xml).text;
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
    const where = `part ${entry.name}`;
    if (XML_START.test(asText)) {
      const { text, values } = xmlReading(asText);
      if (text.trim() !== '') out.push({ where, text, prose: false });
      if (values.trim() !== '') out.push({ where, text: values, prose: false, checkedOnly: true });
    } else {
      const text = printableRuns(raw);
      if (text.trim() !== '') out.push({ where, text, prose: false });
    }
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
