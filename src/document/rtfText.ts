/**
 * RTF as the text a reader sees, for .rtf files and Outlook's RTF-only bodies alike: groups,
 * control words and escapes, with the destinations that hold no reading text (tables of fonts,
 * colours and styles, pictures, field codes) left out and the information group's entries
 * (author, title, company, …) appended one per line, since they travel with the file.
 *
 * `\'hh` bytes are decoded in the code page they were written in: the font's `\fcharset` where
 * the font table gives one, else the document's `\ansicpg`. A Russian or Japanese RTF that spells
 * its letters as bytes would otherwise read as Latin-1 noise the model finds nothing in.
 */
import { decodeCodePage, isLeadByte } from '../shared/codePages.js';

/** Destinations that hold no text a reader sees. */
const SKIPPED =
  /^(?:fonttbl|colortbl|stylesheet|listtable|listoverridetable|revtbl|rsidtbl|pict|object|themedata|colorschememapping|datastore|latentstyles|generator|xmlnstbl|mmathPr|filetbl|pgdsctbl|wgrffmtfilter|fchars|lchars|bkmkstart|bkmkend|fldinst|datafield|shpinst|nonshppict|blipuid|panose|falt|listtext|pntext)$/;
/** The information group: its entries are the document's properties, one per line. */
const INFO =
  /^(?:title|subject|author|operator|keywords|comment|doccomm|company|manager|category)$/;

/** Control words that stand for one character. */
const SYMBOLS: Readonly<Record<string, string>> = {
  par: '\n',
  line: '\n',
  row: '\n',
  sect: '\n',
  page: '\n',
  tab: '\t',
  cell: '\t',
  emdash: '—',
  endash: '–',
  emspace: ' ',
  enspace: ' ',
  bullet: '•',
  lquote: '‘',
  rquote: '’',
  ldblquote: '“',
  rdblquote: '”',
};

/** `\fcharset` values (Windows character sets) and the code pages they stand for. */
const CHARSET_PAGES: Readonly<Record<number, number>> = {
  0: 1252,
  77: 10000,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
};

/** Font number → code page, for the fonts whose `\fcharset` names one. */
function fontPages(rtf: string): Map<number, number> {
  const pages = new Map<number, number>();
  for (const m of rtf.matchAll(/\{\\f(\d+)\b[^{}]*?\\fcharset(\d+)/g)) {
    const page = CHARSET_PAGES[Number(m[2])];
    if (page !== undefined) pages.set(Number(m[1]), page);
  }
  return pages;
}

export function rtfText(rtf: string): string {
  interface Group {
    skip: boolean;
    uc: number;
    info: boolean;
    page: number;
  }
  const fonts = fontPages(rtf);
  let documentPage = 1252;
  let out = '';
  const info: string[] = [];
  let infoText = '';
  const stack: Group[] = [];
  let group: Group = { skip: false, uc: 1, info: false, page: documentPage };
  // A \uN character's fallback (uc characters, a \'hh byte counting as one) is not read.
  let pendingSkip = 0;
  // Consecutive \'hh bytes, decoded together: a double-byte character is two of them.
  let bytes: number[] = [];
  let bytesPage = documentPage;

  const write = (s: string) => {
    if (group.skip) return;
    if (group.info) infoText += s;
    else out += s;
  };
  const flush = () => {
    if (bytes.length === 0) return;
    const text = decodeCodePage(new Uint8Array(bytes), bytesPage);
    bytes = [];
    write(text);
  };
  const emit = (s: string) => {
    flush();
    write(s);
  };
  const awaitingTrailByte = () => {
    let lead = false;
    for (const b of bytes) lead = lead ? false : isLeadByte(bytesPage, b);
    return lead;
  };

  for (let i = 0; i < rtf.length;) {
    const ch = rtf[i]!;
    if (ch === '{') {
      flush();
      stack.push(group);
      group = { ...group };
      i++;
      continue;
    }
    if (ch === '}') {
      flush();
      if (group.info && !stack.at(-1)?.info) {
        if (infoText.trim() !== '') info.push(infoText.trim());
        infoText = '';
      }
      group = stack.pop() ?? { skip: false, uc: 1, info: false, page: documentPage };
      i++;
      continue;
    }
    if (ch === '\\') {
      const next = rtf[i + 1] ?? '';
      if (next === "'") {
        const byte = parseInt(rtf.slice(i + 2, i + 4), 16);
        i += 4;
        if (pendingSkip > 0) pendingSkip--;
        else if (!Number.isNaN(byte) && !group.skip) {
          if (bytes.length > 0 && bytesPage !== group.page) flush();
          bytesPage = group.page;
          bytes.push(byte);
        }
        continue;
      }
      if (next === '\\' || next === '{' || next === '}') {
        if (pendingSkip > 0) pendingSkip--;
        // Shift-JIS's trail byte may be 0x5c, written as an escaped backslash.
        else if (awaitingTrailByte()) bytes.push(next.charCodeAt(0));
        else emit(next);
        i += 2;
        continue;
      }
      if (next === '*') {
        group.skip = true;
        i += 2;
        continue;
      }
      if (!/[a-zA-Z]/.test(next)) {
        if (next === '~') emit('\u00a0');
        else if (next === '_') emit('-');
        else if (next === '\n' || next === '\r') emit('\n');
        i += 2;
        continue;
      }
      const m = /^([a-zA-Z]+)(-?\d+)? ?/.exec(rtf.slice(i + 1, i + 40))!;
      const word = m[1]!;
      const arg = m[2] === undefined ? undefined : Number(m[2]);
      i += 1 + m[0].length;
      if (SKIPPED.test(word)) group.skip = true;
      else if (word === 'info') group.info = false;
      else if (INFO.test(word) && stack.length >= 2) group.info = true;
      else if ((word === 'ansicpg' && arg !== undefined) || word === 'mac') {
        documentPage = word === 'mac' ? 10000 : arg!;
        group.page = documentPage;
      } else if (word === 'f' && arg !== undefined) group.page = fonts.get(arg) ?? documentPage;
      else if (word === 'uc' && arg !== undefined) group.uc = arg;
      else if (word === 'u' && arg !== undefined) {
        emit(String.fromCharCode(arg < 0 ? arg + 65536 : arg));
        pendingSkip = group.uc;
      } else if (word === 'bin' && arg !== undefined) i += Math.max(0, arg);
      else if (SYMBOLS[word] !== undefined) emit(SYMBOLS[word]);
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      i++;
      continue;
    }
    if (pendingSkip > 0) pendingSkip--;
    else if (awaitingTrailByte()) bytes.push(ch.charCodeAt(0));
    else emit(ch);
    i++;
  }
  flush();
  const body = out
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return info.length > 0 ? `${body}\n\n${info.join('\n')}` : body;
}
