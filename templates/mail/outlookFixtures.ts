/**
 * Outlook messages (.msg) for the mail tests (issue 40), written by our own code as MS-OXMSG
 * lays them out: an OLE compound file (burnt by @kenjiuno/msgreader's CFB writer) holding the
 * message's MAPI properties as `__substg1.0_<tag>` streams and a property stream, a storage per
 * recipient and per attachment, and an attached Outlook item as an embedded message storage.
 * Values are the synthetic ones of ./mailFixtures.ts.
 */
import { burn, type Entry } from '@kenjiuno/msgreader/lib/Burner.js';
import { MAIL_VALUES } from './mailFixtures.js';

// msgreader's TypeEnum (lib/Reader): a storage, a stream, the root.
const DIRECTORY = 1;
const DOCUMENT = 2;
const ROOT = 5;

const PT_LONG = 0x0003;
const PT_SYSTIME = 0x0040;
const PT_STRING8 = 0x001e;
const PT_UNICODE = 0x001f;
const PT_BINARY = 0x0102;

type Property =
  | { readonly id: number; readonly text: string }
  /** An 8-bit string, in the code page the message names (PidTagMessageCodepage). */
  | { readonly id: number; readonly ansi: Uint8Array }
  | { readonly id: number; readonly bytes: Uint8Array }
  | { readonly id: number; readonly long: number }
  | { readonly id: number; readonly time: Date };

interface Storage {
  readonly properties: readonly Property[];
  readonly recipients?: readonly Storage[];
  readonly attachments?: readonly Storage[];
  /** An attachment that is itself a message (attach method 5). */
  readonly embedded?: Storage;
}

function tagOf(p: Property): number {
  const type =
    'text' in p
      ? PT_UNICODE
      : 'ansi' in p
        ? PT_STRING8
        : 'bytes' in p
          ? PT_BINARY
          : 'long' in p
            ? PT_LONG
            : PT_SYSTIME;
  return ((p.id << 16) | type) >>> 0;
}

function hex(tag: number): string {
  return tag.toString(16).toUpperCase().padStart(8, '0');
}

function utf16(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(`${text}\0`, 'utf16le'));
}

/** The property stream: a header of `headerSize` bytes, then 16 bytes per property. */
function propertyStream(properties: readonly Property[], header: Uint8Array): Uint8Array {
  const out = new Uint8Array(header.length + 16 * properties.length);
  out.set(header);
  const view = new DataView(out.buffer);
  properties.forEach((p, i) => {
    const at = header.length + 16 * i;
    view.setUint32(at, tagOf(p), true);
    view.setUint32(at + 4, 0x6, true); // readable | writable
    if ('long' in p) view.setUint32(at + 8, p.long, true);
    else if ('time' in p) {
      // FILETIME: 100 ns ticks since 1601.
      const ticks = BigInt(p.time.getTime() + 11_644_473_600_000) * 10_000n;
      view.setBigUint64(at + 8, ticks, true);
    } else {
      const size =
        'text' in p ? utf16(p.text).length : 'ansi' in p ? p.ansi.length + 1 : p.bytes.length;
      view.setUint32(at + 8, size, true);
    }
  });
  return out;
}

function addStream(entries: Entry[], parent: number, name: string, bytes: Uint8Array): void {
  entries[parent]!.children!.push(entries.length);
  entries.push({ name, type: DOCUMENT, binaryProvider: () => bytes, length: bytes.length });
}

function addStorage(entries: Entry[], parent: number, name: string): number {
  entries[parent]!.children!.push(entries.length);
  entries.push({ name, type: DIRECTORY, children: [], length: 0 });
  return entries.length - 1;
}

function addProperties(entries: Entry[], at: number, properties: readonly Property[]): void {
  for (const p of properties) {
    if ('text' in p) addStream(entries, at, `__substg1.0_${hex(tagOf(p))}`, utf16(p.text));
    else if ('ansi' in p)
      addStream(entries, at, `__substg1.0_${hex(tagOf(p))}`, Uint8Array.from([...p.ansi, 0]));
    else if ('bytes' in p) addStream(entries, at, `__substg1.0_${hex(tagOf(p))}`, p.bytes);
  }
}

/** A message's storages; `headerSize` is 32 for the file's own message, 24 for an embedded one. */
function addMessage(entries: Entry[], at: number, message: Storage, headerSize: 32 | 24): void {
  const recipients = message.recipients ?? [];
  const attachments = message.attachments ?? [];
  addProperties(entries, at, message.properties);
  const header = new Uint8Array(headerSize);
  const view = new DataView(header.buffer);
  view.setUint32(8, recipients.length, true);
  view.setUint32(12, attachments.length, true);
  view.setUint32(16, recipients.length, true);
  view.setUint32(20, attachments.length, true);
  addStream(entries, at, '__properties_version1.0', propertyStream(message.properties, header));
  recipients.forEach((r, i) => {
    const folder = addStorage(
      entries,
      at,
      `__recip_version1.0_#${i.toString(16).padStart(8, '0')}`,
    );
    addProperties(entries, folder, r.properties);
    addStream(
      entries,
      folder,
      '__properties_version1.0',
      propertyStream(r.properties, new Uint8Array(8)),
    );
  });
  attachments.forEach((a, i) => {
    const folder = addStorage(
      entries,
      at,
      `__attach_version1.0_#${i.toString(16).padStart(8, '0')}`,
    );
    addProperties(entries, folder, a.properties);
    addStream(
      entries,
      folder,
      '__properties_version1.0',
      propertyStream(a.properties, new Uint8Array(8)),
    );
    if (a.embedded) {
      const inner = addStorage(entries, folder, '__substg1.0_3701000D');
      addMessage(entries, inner, a.embedded, 24);
    }
  });
}

export function outlookMessageBytes(message: Storage): Uint8Array {
  const entries: Entry[] = [{ name: 'Root Entry', type: ROOT, children: [], length: 0 }];
  addMessage(entries, 0, message, 32);
  return burn(entries);
}

function recipient(name: string, address: string, type: 1 | 2 | 3): Storage {
  return {
    properties: [
      { id: 0x3001, text: name },
      { id: 0x3003, text: address },
      { id: 0x39fe, text: address },
      { id: 0x0c15, long: type },
    ],
  };
}

function fileAttachment(name: string, mimeType: string, content: string): Storage {
  return {
    properties: [
      { id: 0x3707, text: name },
      { id: 0x370e, text: mimeType },
      { id: 0x3705, long: 1 },
      { id: 0x3701, bytes: new Uint8Array(Buffer.from(content, 'utf8')) },
    ],
  };
}

/**
 * The client's message as Outlook saves it: sender, a To and a Cc recipient, a body with an
 * IBAN, a CSV statement attached, and a forwarded Outlook item (with a note of its own) attached.
 */
export function clientOutlookMessage(): Uint8Array {
  const forwarded: Storage = {
    properties: [
      { id: 0x0037, text: 'Fwd: note' },
      { id: 0x1000, text: 'See the note attached.' },
      { id: 0x0c1a, text: 'Forwarder' },
      { id: 0x0c1f, text: MAIL_VALUES.forwardedFrom },
      { id: 0x0039, time: new Date('2024-03-04T09:00:00Z') },
    ],
    recipients: [recipient('Accounts', MAIL_VALUES.to, 1)],
    attachments: [
      fileAttachment('note.txt', 'text/plain', `Contact ${MAIL_VALUES.noteEmail} before Friday.\n`),
    ],
  };
  return outlookMessageBytes({
    properties: [
      { id: 0x0037, text: 'March statement' },
      {
        id: 0x1000,
        text: `Hello,\r\n\r\nplease pay the balance to IBAN ${MAIL_VALUES.iban}.\r\n\r\nRegards`,
      },
      { id: 0x0c1a, text: 'Dana Whitcombe' },
      { id: 0x0c1f, text: MAIL_VALUES.from },
      { id: 0x0039, time: new Date('2024-03-05T10:30:00Z') },
    ],
    recipients: [
      recipient('Accounts', MAIL_VALUES.to, 1),
      recipient('Ledger Owner', MAIL_VALUES.csvEmail, 2),
    ],
    attachments: [
      fileAttachment(
        'statement.csv',
        'text/csv',
        `Date,Owner,Amount\n2024-03-01,${MAIL_VALUES.csvEmail},1250.00\n`,
      ),
      {
        properties: [
          { id: 0x3707, text: 'Fwd note' },
          { id: 0x3705, long: 5 },
        ],
        embedded: forwarded,
      },
    ],
  });
}

/**
 * A message saved by a non-Unicode Outlook on a Russian Windows: subject, body and sender name as
 * 8-bit strings in Windows-1251, the code page named by PidTagMessageCodepage. Synthetic values:
 * the sender "Иван Петров", the body "Счёт для Ивана Петрова: 1 200 руб.".
 */
export const ANSI_MESSAGE_TEXT = {
  sender: 'Иван Петров',
  body: 'Счёт для Ивана Петрова: 1 200 руб.',
} as const;

export function ansiOutlookMessage(): Uint8Array {
  const sender = Uint8Array.from([
    0xc8, 0xe2, 0xe0, 0xed, 0x20, 0xcf, 0xe5, 0xf2, 0xf0, 0xee, 0xe2,
  ]);
  const body = Uint8Array.from([
    0xd1, 0xf7, 0xb8, 0xf2, 0x20, 0xe4, 0xeb, 0xff, 0x20, 0xc8, 0xe2, 0xe0, 0xed, 0xe0, 0x20, 0xcf,
    0xe5, 0xf2, 0xf0, 0xee, 0xe2, 0xe0, 0x3a, 0x20, 0x31, 0x20, 0x32, 0x30, 0x30, 0x20, 0xf0, 0xf3,
    0xe1, 0x2e,
  ]);
  return outlookMessageBytes({
    properties: [
      { id: 0x0037, ansi: body.subarray(0, 4) },
      { id: 0x1000, ansi: body },
      { id: 0x0c1a, ansi: sender },
      { id: 0x0c1f, text: MAIL_VALUES.from },
      { id: 0x3ffd, long: 1251 },
      { id: 0x0039, time: new Date('2024-03-05T10:30:00Z') },
    ],
    recipients: [recipient('Accounts', MAIL_VALUES.to, 1)],
  });
}
