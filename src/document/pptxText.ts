/**
 * A PowerPoint presentation (.pptx) as the text its reader sees and can reach: each slide's text
 * in the order the deck shows the slides (text boxes, tables a row to a line, a cell to a tab),
 * then the slide's speaker notes, then the comments with their authors, then the document
 * properties. Slide masters and layouts are left out: their text is the template's prompts
 * ("Click to edit Master title style"), not the author's. Pictures, charts and embedded files
 * are not read, and are counted so the file's warning can say so.
 */
import { posix } from 'node:path';
import type JSZip from 'jszip';
import { Parser } from 'htmlparser2';
import { decodeXmlEntities } from '../shared/xmlEntities.js';

export interface PptxReading {
  readonly text: string;
  readonly slides: number;
  /** Pictures, charts and embedded files in the package: not read. */
  readonly unread: {
    readonly pictures: number;
    readonly charts: number;
    readonly embedded: number;
  };
}

/**
 * DrawingML paragraphs as lines; a table's cells end with a tab and its rows with a line. Only
 * the text of runs (`a:t`) is text: whatever else an element holds is layout.
 */
export function drawingText(xml: string): string {
  let text = '';
  let inRun = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'a:t') inRun++;
        else if (name === 'a:br') text += '\n';
        else if (name === 'a:tab') text += '\t';
      },
      ontext(data) {
        if (inRun > 0) text += data;
      },
      onclosetag(name) {
        if (name === 'a:t') inRun--;
        else if (name === 'a:p') text += '\n';
        else if (name === 'a:tc') text = `${text.replace(/\n$/, '')}\t`;
        else if (name === 'a:tr') text = `${text.replace(/\t$/, '')}\n`;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return text
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n');
}

async function partText(zip: JSZip, name: string): Promise<string | undefined> {
  return zip.file(name)?.async('string');
}

/** A part's relationships: id → target path within the package. */
async function relationships(
  zip: JSZip,
  part: string,
): Promise<Map<string, { type: string; target: string }>> {
  const rels = new Map<string, { type: string; target: string }>();
  const xml = await partText(
    zip,
    posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`),
  );
  if (!xml) return rels;
  for (const m of xml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    if (attr('TargetMode') === 'External') continue;
    rels.set(attr('Id'), {
      type: attr('Type').split('/').pop() ?? '',
      target: posix.normalize(posix.join(posix.dirname(part), attr('Target'))),
    });
  }
  return rels;
}

/** The slides in the order the deck shows them (presentation.xml's list), else by number. */
async function slideOrder(zip: JSZip): Promise<string[]> {
  const presentation = (await partText(zip, 'ppt/presentation.xml')) ?? '';
  const rels = await relationships(zip, 'ppt/presentation.xml');
  const listed = [...presentation.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)]
    .map((m) => rels.get(m[1]!)?.target)
    .filter((t): t is string => t !== undefined && zip.file(t) !== null);
  if (listed.length > 0) return listed;
  const number = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
  return Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => number(a) - number(b));
}

const PROPERTIES =
  /<(dc:title|dc:subject|dc:creator|cp:keywords|dc:description|cp:lastModifiedBy|cp:category|Company|Manager)>([^<]*)</g;

export async function pptxText(zip: JSZip): Promise<PptxReading> {
  const sections: string[] = [];
  const slides = await slideOrder(zip);
  for (const [i, slide] of slides.entries()) {
    const rels = await relationships(zip, slide);
    const lines = [`Slide ${i + 1}`, drawingText((await partText(zip, slide)) ?? '').trim()];
    for (const rel of rels.values()) {
      if (rel.type !== 'notesSlide') continue;
      const notes = drawingText((await partText(zip, rel.target)) ?? '').trim();
      if (notes !== '') lines.push(`Notes: ${notes}`);
    }
    sections.push(lines.filter((l) => l !== '').join('\n'));
  }
  const authors = new Map<string, string>();
  for (const part of ['ppt/commentAuthors.xml', 'ppt/authors.xml']) {
    const xml = (await partText(zip, part)) ?? '';
    for (const m of xml.matchAll(/<\w+:(?:cmAuthor|author)\b([^>]*)>/g)) {
      const id = /\bid="([^"]*)"/.exec(m[1]!)?.[1];
      const name = /\bname="([^"]*)"/.exec(m[1]!)?.[1];
      if (id !== undefined && name) authors.set(id, decodeXmlEntities(name).trim());
    }
  }
  const comments: string[] = [];
  for (const name of Object.keys(zip.files)
    .filter((n) => /^ppt\/comments\/[^/]+\.xml$/.test(n))
    .sort()) {
    const xml = (await partText(zip, name)) ?? '';
    for (const m of xml.matchAll(/<(\w+:cm)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
      const author = authors.get(/\bauthorId="([^"]*)"/.exec(m[2]!)?.[1] ?? '') ?? '';
      const legacy = /<p:text>([\s\S]*?)<\/p:text>/.exec(m[3]!)?.[1];
      const said =
        legacy !== undefined ? decodeXmlEntities(legacy).trim() : drawingText(m[3]!).trim();
      if (said !== '') comments.push(author ? `${author}: ${said}` : said);
    }
  }
  if (comments.length > 0) sections.push(`Comments\n${comments.join('\n')}`);
  const properties: string[] = [];
  for (const part of ['docProps/core.xml', 'docProps/app.xml']) {
    const xml = (await partText(zip, part)) ?? '';
    for (const m of xml.matchAll(PROPERTIES)) {
      const value = decodeXmlEntities(m[2]!).trim();
      if (value !== '') properties.push(`${m[1]!.replace(/^\w+:/, '')}: ${value}`);
    }
  }
  if (properties.length > 0) sections.push(properties.join('\n'));
  const names = Object.keys(zip.files);
  return {
    text: sections.join('\n\n'),
    slides: slides.length,
    unread: {
      pictures: names.filter((n) =>
        /^ppt\/media\/[^/]+\.(?:png|jpe?g|gif|bmp|tiff?|emf|wmf|svg)$/i.test(n),
      ).length,
      charts: names.filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n)).length,
      embedded: names.filter((n) => /^ppt\/embeddings\/[^/]+$/.test(n)).length,
    },
  };
}
