/**
 * An e-mail (.eml, or Outlook's .msg) among the inputs brings its attachments into the batch: `letters/offer.eml` with a
 * PDF gives the inputs `letters/offer.eml` (headers and body) and `letters/offer/attachments/
 * statement.pdf`, each processed as a document of its own — an e-mail attached to an e-mail
 * too (three deep), and an attached .zip is then opened like any archive. After the copies are
 * written, `redactedMails` builds each e-mail's redacted .eml from its redacted text and its
 * attachments' redacted copies, reads it back, and writes it as `redacted/<path>.eml` (an
 * Outlook .msg as `<path>.msg.eml`).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { FileResult } from '../../domain/fileResult.js';
import {
  ATTACHMENTS_LINE,
  attachmentsLineAt,
  type MailAttachment,
} from '../../document/mailParts.js';
import type { InputFile } from '../collectInputs.js';
import { redactedCopyExtension } from '../copyExtension.js';
import { ANONYMIZED_DIR, REDACTED_DIR, withExtension } from '../outputPaths.js';
import { findingsAdder, type ReadBackOptions } from '../readBackAdditions.js';
import type { RedactOptions } from '../redactOptions.js';
import { writeFileAtomic } from '../../write/writeFileAtomic.js';

/** More attachments than this and the e-mail is refused: save them and add them as a folder. */
export const MAX_ATTACHMENTS = 200;
/** E-mails attached to e-mails, the outermost counting as 1. */
const MAX_MAIL_DEPTH = 3;

export interface ExpandedMail {
  readonly input: InputFile;
  /** Each attachment's input path, in the message's order, and what it was sent as. */
  readonly attachments: readonly {
    readonly relativePath: string;
    readonly filename: string;
    readonly mimeType: string;
  }[];
}

function isMail(file: string): boolean {
  const extension = extname(file).toLowerCase();
  return extension === '.eml' || extension === '.msg';
}

/** Where an e-mail's redacted copy goes: an .eml, for an Outlook .msg too (`x.msg.eml`). */
export function redactedMailPath(relativePath: string): string {
  return withExtension(relativePath, '.eml');
}

/** The folder an e-mail's attachments are listed under: `letter.eml` → `letter/attachments`. */
export function attachmentsFolder(relativePath: string): string {
  return `${relativePath.slice(0, -extname(relativePath).length)}/attachments`;
}

/** An attachment's name as one path segment: no folders, nothing hidden. */
export function safeName(filename: string, index: number): string {
  const name = filename
    .replace(/[/\\]/g, '_')
    .replace(/^\.+/, '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
    .replace(/[\u0000-\u001f]/g, '')
    .trim();
  return name === '' ? `attachment-${index + 1}` : name;
}

async function expandOne(
  input: InputFile,
  scratch: string,
  depth: number,
  out: InputFile[],
  mails: ExpandedMail[],
): Promise<void> {
  // The mail readers (postal-mime, HTML, Outlook's format) load for a run that has an e-mail.
  const { readMail } = await import('../../document/mailMessage.js');
  let message;
  try {
    message = await readMail(await readFile(input.file));
  } catch {
    // Not readable as mail: extraction says so, for this file alone.
    out.push(input);
    return;
  }
  if (message.attachments.length > MAX_ATTACHMENTS) {
    out.push({
      ...input,
      unprocessable: {
        status: 'error',
        message: `${input.relativePath}: the e-mail has ${message.attachments.length} attachments, more than ${MAX_ATTACHMENTS}; save them to a folder and add that, with the message saved as .txt or PDF`,
      },
    });
    return;
  }
  out.push(input);
  const base = attachmentsFolder(input.relativePath);
  const attachments: ExpandedMail['attachments'][number][] = [];
  for (const [i, attachment] of message.attachments.entries()) {
    const name = safeName(attachment.filename, i);
    const relativePath = `${base}/${name}`;
    const file = join(scratch, String(out.length), name);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, attachment.bytes);
    const entry: InputFile = {
      file,
      relativePath,
      root: input.root,
      shownAs: `${input.shownAs ?? input.file}/attachments/${name}`,
    };
    attachments.push({
      relativePath,
      filename: attachment.filename,
      mimeType: attachment.mimeType,
    });
    if (message.encrypted) {
      // PGP/MIME's and S/MIME's parts are the message's content enciphered: no reader of ours
      // can open them, whatever they are named ("attachment-1", "smime.p7m").
      out.push({
        ...entry,
        unprocessable: {
          status: 'error',
          message: `${name}: a part of the encrypted message ${input.relativePath} (${message.encrypted}), ciphertext that cannot be read or redacted here; decrypt the message in the mail program, save the decrypted message and add that`,
        },
      });
    } else if (isMail(name) && depth < MAX_MAIL_DEPTH) {
      await expandOne(entry, join(scratch, `${out.length}.d`), depth + 1, out, mails);
    } else if (isMail(name)) {
      out.push({
        ...entry,
        unprocessable: {
          status: 'error',
          message: `${relativePath}: e-mails are attached inside each other more than ${MAX_MAIL_DEPTH} deep; save this one and add it`,
        },
      });
    } else {
      out.push(entry);
    }
  }
  mails.push({ input, attachments });
}

/** The inputs with every e-mail's attachments after it. */
export async function expandMails(
  inputs: readonly InputFile[],
  scratch: string,
  /** E-mails already opened (a second pass over an archive's files leaves them be). */
  opened: ReadonlySet<string> = new Set(),
): Promise<{ inputs: InputFile[]; mails: ExpandedMail[] }> {
  const out: InputFile[] = [];
  const mails: ExpandedMail[] = [];
  for (const [n, input] of inputs.entries()) {
    if (!isMail(input.file) || input.unprocessable || opened.has(input.file)) out.push(input);
    else await expandOne(input, join(scratch, `mail-${n}`), 1, out, mails);
  }
  return { inputs: out, mails };
}

const COPY_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.csv': 'text/csv',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An attachment as the redacted e-mail carries it: its redacted copy, else its redacted text. */
async function redactedAttachment(
  result: FileResult,
  outDir: string,
  formats: RedactOptions['formats'],
  filename: string,
  mimeType: string,
): Promise<MailAttachment | undefined> {
  if (extname(result.relativePath).toLowerCase() === '.zip') {
    // An attached archive: its repacked copy (redactedArchives runs first), when one was made.
    const copy = join(outDir, REDACTED_DIR, ...result.relativePath.split('/'));
    const bytes = await readFile(copy).catch(() => undefined);
    return bytes ? { filename, mimeType: 'application/zip', bytes } : undefined;
  }
  if (result.status !== 'ok') return undefined;
  if (result.kind === 'eml') {
    // An attached e-mail's redacted .eml was built first (inner messages before outer ones).
    const copy = join(outDir, REDACTED_DIR, ...redactedMailPath(result.relativePath).split('/'));
    const bytes = await readFile(copy).catch(() => undefined);
    if (bytes) return { filename: redactedMailPath(filename), mimeType: 'message/rfc822', bytes };
  }
  const extension = redactedCopyExtension(result, formats);
  if (extension) {
    const copy = join(outDir, REDACTED_DIR, withExtension(result.relativePath, extension));
    const bytes = await readFile(copy).catch(() => undefined);
    if (bytes)
      return {
        filename: withExtension(filename, extension),
        mimeType: COPY_TYPES[extension] ?? mimeType,
        bytes,
      };
  }
  const text = join(outDir, ANONYMIZED_DIR, withExtension(result.relativePath, '.txt'));
  const bytes = await readFile(text).catch(() => undefined);
  return bytes
    ? { filename: withExtension(filename, '.txt'), mimeType: 'text/plain', bytes }
    : undefined;
}

/**
 * Each e-mail's redacted .eml: its redacted header lines and body, and the redacted copies of its
 * attachments (an attachment whose copy failed is left out, and the e-mail's warning says so).
 * Read back before it is written: the full detector on the message as a reader opens it, and
 * anything personal that is not a replacement fails that e-mail. Returns the results (the
 * e-mails' updated) and the files written.
 */
export async function redactedMails(
  mails: readonly ExpandedMail[],
  results: readonly FileResult[],
  outDir: string,
  opts: Pick<RedactOptions, 'formats'>,
  readBackWith: ReadBackOptions | undefined,
): Promise<{ results: FileResult[]; written: string[] }> {
  if (mails.length === 0) return { results: [...results], written: [] };
  const { mailFromText, mailText, readMail } = await import('../../document/mailMessage.js');
  const byPath = new Map(results.map((r) => [r.relativePath, r]));
  const updated = new Map<string, FileResult>();
  const written: string[] = [];
  for (const mail of mails) {
    const result = byPath.get(mail.input.relativePath);
    if (!result || result.status !== 'ok') continue;
    const attachments: MailAttachment[] = [];
    const missing: string[] = [];
    // The redacted text lists the attachments' names redacted, in the message's order.
    const at = attachmentsLineAt(result.anonymized);
    const listed = at < 0 ? [] : result.anonymized.slice(at + ATTACHMENTS_LINE.length).split(', ');
    for (const [i, a] of mail.attachments.entries()) {
      const shown = listed.length === mail.attachments.length ? listed[i]! : `attachment-${i + 1}`;
      const attached = byPath.get(a.relativePath);
      const redacted = attached
        ? await redactedAttachment(attached, outDir, opts.formats, shown, a.mimeType)
        : undefined;
      if (redacted) attachments.push(redacted);
      else missing.push(shown);
    }
    // Read back as a mail program opens it; what the reading finds is added to the message's
    // detections and the message rebuilt, by the loop every copy's second reading runs.
    const { rebuiltUntilClean } = await import('../../verify/rebuildLoop.js');
    const {
      result: current,
      out: eml,
      left,
    } = await rebuiltUntilClean(
      result,
      async (r) => mailFromText(r.anonymized, attachments),
      async (message) => [
        {
          where: 'the redacted e-mail',
          text: mailText(await readMail(new TextEncoder().encode(message))),
          prose: true,
        },
      ],
      findingsAdder(readBackWith),
      readBackWith,
    );
    if (left.length > 0) {
      updated.set(result.relativePath, {
        ...result,
        status: 'error',
        error: `${mail.input.relativePath}: the redacted e-mail was not written, because reading it back found ${[...new Set(left.map((f) => f.type))].join(', ')} still there; the other outputs for this file were written`,
      });
      continue;
    }
    if (current !== result) {
      // The anonymised text was written before the message was read back: it gets the additions.
      const text = join(outDir, ANONYMIZED_DIR, withExtension(result.relativePath, '.txt'));
      if (
        await readFile(text).then(
          () => true,
          () => false,
        )
      )
        await writeFileAtomic(text, current.anonymized);
      updated.set(result.relativePath, current);
    }
    const target = join(
      outDir,
      REDACTED_DIR,
      ...redactedMailPath(mail.input.relativePath).split('/'),
    );
    await writeFileAtomic(target, eml);
    written.push(target);
    if (missing.length > 0)
      updated.set(result.relativePath, {
        ...current,
        warnings: [
          ...current.warnings,
          `the redacted e-mail leaves out ${missing.length} attachment${missing.length === 1 ? '' : 's'} whose redacted copy could not be made (${missing.join(', ')})`,
        ],
      });
  }
  return { results: results.map((r) => updated.get(r.relativePath) ?? r), written };
}
