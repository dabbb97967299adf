/**
 * vCard (.vcf: contacts, the card a mail signature attaches) and iCalendar (.ics: meeting
 * invitations, with every attendee's name and address) as their lines. Both formats fold a long
 * line onto the next ones, each starting with a space (RFC 6350 §3.2, RFC 5545 §3.1), often in
 * the middle of a name or a phone number: the lines are joined first, and the values' escapes
 * ("\,", "\;", "\n") read as what they stand for. BEGIN and END lines only frame the records.
 * A vCard's structured name and address ("N:Doe;Jane;;Dr;", "ADR:;;1 High St;Leeds;;LS1 4AP;UK")
 * are read in the order they are written on an envelope, so a name reads as the name it is
 * elsewhere in the file and an address as one address.
 */
import { decodeLabelled } from '../shared/codePages.js';

const FRAME = /^(?:BEGIN|END):/i;

/** N's parts: family, given, additional, prefixes, suffixes (RFC 6350 §6.2.2). */
const NAME_ORDER = [3, 1, 2, 0, 4];

/** Where a content line's value starts: after the first colon outside a quoted parameter. */
function valueStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return i + 1;
  }
  return -1;
}

/** A structured value's parts, split at semicolons that are not escaped. */
function parts(value: string): string[] {
  return value.split(/(?<!\\);/);
}

function unescape(value: string): string {
  return value.replace(/\\n/gi, ' ').replace(/\\([,;\\])/g, '$1');
}

/** "ENCODING=QUOTED-PRINTABLE" (vCard 2.1, as phones export their contacts). */
const QUOTED_PRINTABLE = /;ENCODING=QUOTED-PRINTABLE\b/i;
/** A picture, sound or file carried in the line itself: base64 or a data: URI. */
const INLINE_BINARY = /;ENCODING=(?:b|BASE64)\b/i;

/** Quoted-printable bytes in the CHARSET the line names (UTF-8 when it names none it knows). */
function decodeQuotedPrintable(value: string, charset: string | undefined): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(value[i]!, 'utf8'));
  }
  const decoded = charset ? decodeLabelled(Uint8Array.from(bytes), charset) : undefined;
  return decoded ?? Buffer.from(bytes).toString('utf8');
}

function readLine(line: string): string {
  const at = valueStart(line);
  if (at < 0) return unescape(line);
  const head = line.slice(0, at - 1);
  const property = head
    .split(';')[0]!
    .replace(/^[\w-]+\./, '')
    .toUpperCase();
  const value = QUOTED_PRINTABLE.test(head)
    ? decodeQuotedPrintable(line.slice(at), /;CHARSET=([\w.:-]+)/i.exec(head)?.[1])
    : line.slice(at);
  let read: string;
  if (property === 'N') {
    const name = parts(value);
    read = NAME_ORDER.map((i) => unescape(name[i] ?? '').trim())
      .filter((part) => part !== '')
      .join(' ');
  } else if (property === 'ADR') {
    read = parts(value)
      .map((part) => unescape(part).trim())
      .filter((part) => part !== '')
      .join(', ');
  } else {
    read = unescape(value);
  }
  return `${line.slice(0, at)}${read}`;
}

export interface CardReading {
  readonly text: string;
  /** The properties left out because they carry a picture or a file (PHOTO, LOGO, ATTACH). */
  readonly leftOut: readonly string[];
}

function isInlineBinary(line: string): boolean {
  const at = valueStart(line);
  return at > 0 && (INLINE_BINARY.test(line.slice(0, at)) || /^data:/i.test(line.slice(at)));
}

/** Quoted-printable breaks its own lines with "=" at the end: those lines are joined. */
function joinSoftBreaks(lines: readonly string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const last = joined.length - 1;
    const previous = joined[last];
    if (previous !== undefined && QUOTED_PRINTABLE.test(previous) && previous.endsWith('='))
      joined[last] = previous.slice(0, -1) + line;
    else joined.push(line);
  }
  return joined;
}

export function cardText(source: string): CardReading {
  const lines = joinSoftBreaks(source.replace(/\r\n?/g, '\n').split('\n'))
    .join('\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
  const leftOut: string[] = [];
  const read: string[] = [];
  for (const line of lines) {
    if (line.trim() === '' || FRAME.test(line)) continue;
    if (isInlineBinary(line)) {
      leftOut.push(line.slice(0, Math.max(0, line.search(/[;:]/))).toUpperCase());
      continue;
    }
    read.push(readLine(line));
  }
  return { text: read.join('\n'), leftOut };
}
