/**
 * XML and OFX (bank statements as ISO 20022 camt.053, OFX/QFX downloads, accounting exports) as
 * lines: each element's text on a line of its own after its element's name ("Nm: Jane Doe",
 * "ACCTID: 55779911"), attribute values and comments too, character references decoded. Element
 * names are the file's labels, as a form's are: what a reader of the file sees beside a value.
 * OFX 1.x is SGML whose elements are not closed; the next tag ends a value all the same. Text
 * with markup inside it (a document, not data) is read one element per line too: the files this
 * is for hold data, one value per element.
 */
import { Parser } from 'htmlparser2';

/** Attributes that say how the file is written, not what it says. */
const FORMAT_ATTRIBUTE = /^(?:xmlns(?::|$)|xsi:|xml:)/;

export function markupText(source: string): string {
  const lines: string[] = [];
  let text = '';
  let element = '';
  const flush = (): void => {
    const values = text
      .split(/\r?\n|\r/)
      .map((line) => line.replace(/[ \t\f]+/g, ' ').trim())
      .filter((line) => line !== '');
    if (values.length === 1 && element !== '') lines.push(`${element}: ${values[0]}`);
    else lines.push(...values);
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush();
        // "cbc:Name" (a UBL e-invoice's) reads as the label "Name".
        element = name.slice(name.lastIndexOf(':') + 1);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (FORMAT_ATTRIBUTE.test(attribute) || !/[\p{L}\p{N}]/u.test(value)) continue;
          lines.push(`${element} ${attribute}: ${value.trim()}`);
        }
      },
      ontext(data) {
        text += data;
      },
      onclosetag() {
        flush();
        element = '';
      },
      oncomment(data) {
        flush();
        const comment = data.replace(/\s+/g, ' ').trim();
        if (comment !== '') lines.push(comment);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(source);
  parser.end();
  flush();
  return lines.join('\n');
}
