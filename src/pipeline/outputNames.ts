/**
 * The names a run's outputs carry. A file's name is content when a container holds it: an
 * e-mail's attachment "Jane_Doe_passport.png", an archive's folder "Doe, Jane". So the names below
 * an e-mail or an archive are read by the detector (separators read as spaces, the extension
 * left out) and what it finds becomes the type's placeholder, in every output that carries the
 * name: the copies and texts, the rebuilt archive and e-mail, Results and the reports. A name
 * the user gave (the input itself) is kept, unless `rename` numbers every input (`0001.pdf`,
 * `0002.zip` with its files under `0002/`) for a run whose file names must not leave at all.
 * Decided before any file is processed, so every writer (a large sheet streams its copy while it
 * is read) uses the names once.
 */
import { extname, join, posix } from 'node:path';
import { anonymise } from '../anonymise/anonymise.js';
import { attachmentsLineAt } from '../document/mailParts.js';
import type { Detector } from '../detect/engine.js';
import type { EntityType } from '../domain/entityTypes.js';
import type { FileResult } from '../domain/fileResult.js';
import { sortSpans, type Span } from '../domain/span.js';
import { archiveFolder, type ExpandedArchive } from './containers/archiveInputs.js';
import type { InputFile } from './collectInputs.js';
import type { ContainerList } from './containers/containers.js';
import { attachmentsFolder, type ExpandedMail } from './containers/mailInputs.js';
import type { WithEmbedded } from './containers/embeddedInputs.js';
import { FILE_NAMES_CSV } from './outputPaths.js';
import { OutputWriteError } from './outputWriteError.js';
import { formatFileNamesCsv } from '../write/mappingCsv.js';
import { writeFileAtomic } from '../write/writeFileAtomic.js';

/** A value found in a name, as the name spells it ("Jane_Doe"), and its type. */
export interface NameValue {
  readonly value: string;
  readonly type: EntityType;
  readonly score: number;
}

/** A container's members live under `prefix/`: an archive's base, an e-mail's attachments folder. */
export interface ContainerFolder {
  /** The container's own relative path. */
  readonly container: string;
  /** Its members' folder, from the container's relative path. */
  readonly folderOf: (containerPath: string) => string;
}

export interface OutputNames {
  readonly inputs: InputFile[];
  /** Original relative path → output relative path, for every input whose name changed. */
  readonly renamed: ReadonlyMap<string, string>;
  /** The same for the members' folders, which messages name too ("listed as x/…"). */
  readonly folders: ReadonlyMap<string, string>;
  /** What the names gave away, for the texts that list them (an e-mail's "Attachments:" line). */
  readonly values: readonly NameValue[];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Separators people put between words of a file name, read as spaces (one for one). */
const SEPARATORS = /[_.+\-~]/g;

/** One name with what the detector finds in it replaced; its extension kept as it is. */
export async function redactedName(
  name: string,
  detector: Detector,
): Promise<{ name: string; values: NameValue[] }> {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  if (!WORD_CHAR.test(stem)) return { name, values: [] };
  // The view has the stem's length: its spans are the stem's offsets.
  const spans = await detector.detect(stem.replace(SEPARATORS, ' '));
  const out = anonymise(stem, spans);
  const values = spans.map((s) => ({
    value: stem.slice(s.start, s.end),
    type: s.type,
    score: s.score,
  }));
  return { name: out + extension, values };
}

export async function nameOutputs(
  inputs: readonly InputFile[],
  containers: readonly ContainerFolder[],
  detector: Detector,
  rename: boolean,
): Promise<OutputNames> {
  const renamed = new Map<string, string>();
  // Old members' folder → new members' folder, registered as each container is named.
  const folders: { from: string; to: string }[] = [];
  const byContainer = new Map(containers.map((c) => [c.container, c]));
  const segments = new Map<string, string>();
  const values: NameValue[] = [];
  const redactSegment = async (segment: string): Promise<string> => {
    if (!segments.has(segment)) {
      const read = await redactedName(segment, detector);
      segments.set(segment, read.name);
      values.push(...read.values);
    }
    return segments.get(segment)!;
  };
  let counter = 0;
  const width = Math.max(4, String(inputs.length).length);
  const taken = new Set(inputs.map((i) => i.relativePath.toLowerCase()));
  // Two names read the same once redacted ("[NAME REDACTED].pdf") stay two files.
  const unique = (path: string, old: string): string => {
    if (path === old) return path;
    const extension = extname(path);
    let candidate = path;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++)
      candidate = `${path.slice(0, path.length - extension.length)} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
  const out: InputFile[] = [];
  for (const input of inputs) {
    const old = input.relativePath;
    const holder = folders
      .filter((f) => old.startsWith(`${f.from}/`))
      .sort((a, b) => b.from.length - a.from.length)[0];
    let next: string;
    if (holder) {
      const rest = old.slice(holder.from.length + 1).split('/');
      const named = [];
      for (const segment of rest) named.push(await redactSegment(segment));
      next = unique(`${holder.to}/${named.join('/')}`, old);
    } else if (rename) {
      next = unique(`${String(++counter).padStart(width, '0')}${extname(old).toLowerCase()}`, old);
    } else {
      next = old;
    }
    const container = byContainer.get(old);
    if (container) folders.push({ from: container.folderOf(old), to: container.folderOf(next) });
    if (next !== old) renamed.set(old, next);
    out.push(next === old ? input : { ...input, relativePath: next });
  }
  return {
    inputs: out,
    renamed,
    folders: new Map(folders.filter((f) => f.from !== f.to).map((f) => [f.from, f.to])),
    values,
  };
}

/** A run's inputs, e-mails and archives under their output names (see `nameOutputs`). */
export interface NamedRun {
  readonly inputs: InputFile[];
  readonly mails: ExpandedMail[];
  readonly archives: ExpandedArchive[];
  readonly holders: WithEmbedded[];
  readonly renamed: ReadonlyMap<string, string>;
  readonly values: readonly NameValue[];
  /** Says a message written before the names were chosen with the new names. */
  readonly sayNewNames: (results: readonly FileResult[]) => FileResult[];
}

/** `nameOutputs` over a run's opened containers, the containers carried over to the new names. */
export async function nameRun(
  inputs: readonly InputFile[],
  opened: ContainerList,
  detector: Detector,
  rename: boolean,
): Promise<NamedRun> {
  const named = await nameOutputs(
    inputs,
    [
      ...opened.archives.map((a) => ({ container: a.input.relativePath, folderOf: archiveFolder })),
      ...[...opened.mails, ...opened.holders].map((m) => ({
        container: m.input.relativePath,
        folderOf: attachmentsFolder,
      })),
    ],
    detector,
    rename,
  );
  const newName = (path: string) => named.renamed.get(path) ?? path;
  const said = new Map([...named.renamed, ...named.folders]);
  return {
    inputs: named.inputs,
    archives: opened.archives.map((a) => {
      const relativePath = newName(a.input.relativePath);
      return { ...a, input: { ...a.input, relativePath }, base: archiveFolder(relativePath) };
    }),
    mails: opened.mails.map((m) => ({
      input: { ...m.input, relativePath: newName(m.input.relativePath) },
      attachments: m.attachments.map((a) => ({ ...a, relativePath: newName(a.relativePath) })),
    })),
    holders: opened.holders.map((p) => ({
      input: { ...p.input, relativePath: newName(p.input.relativePath) },
    })),
    renamed: named.renamed,
    values: named.values,
    sayNewNames: (results) =>
      said.size === 0
        ? [...results]
        : results.map((r) => ({
            ...r,
            ...(r.error !== undefined ? { error: renamedMessage(r.error, said) } : {}),
            warnings: r.warnings.map((w) => renamedMessage(w, said)),
          })),
  };
}

/**
 * `nameRun` for files processed one by one (the app's queue) and named at export: the names
 * inside containers come out as `finredact redact` names them before processing, so the app and
 * the CLI write the same names. Containers are named before what they hold, whatever the order
 * of the results, and a container that has no result of its own (the app lists an archive's
 * files, not the archive) is named all the same, since its members' folder carries its name.
 */
export async function nameResults(
  results: readonly FileResult[],
  opened: ContainerList,
  detector: Detector,
): Promise<{
  readonly results: FileResult[];
  readonly containers: ContainerList;
  readonly renamed: ReadonlyMap<string, string>;
}> {
  if (opened.mails.length === 0 && opened.archives.length === 0 && opened.holders.length === 0)
    return { results: [...results], containers: opened, renamed: new Map() };
  const given = new Set(results.map((r) => r.file));
  const inputs = [
    ...results.map(({ file, relativePath }) => ({ file, relativePath, root: '' })),
    ...[...opened.mails, ...opened.archives, ...opened.holders]
      .map((c) => c.input)
      .filter((input) => !given.has(input.file)),
  ];
  const depth = (input: InputFile) => input.relativePath.split('/').length;
  const named = await nameRun(
    inputs.sort((a, b) => depth(a) - depth(b)),
    opened,
    detector,
    false,
  );
  const nameOf = new Map(named.inputs.map((input) => [input.file, input.relativePath]));
  const renamed = results.map((r) => {
    const next = nameOf.get(r.file);
    return next !== undefined && next !== r.relativePath ? { ...r, relativePath: next } : r;
  });
  return {
    results: withNameValues(named.sayNewNames(renamed), named.values),
    containers: { mails: named.mails, archives: named.archives, holders: named.holders },
    renamed: named.renamed,
  };
}

/**
 * An e-mail's text lists its attachments' names ("Attachments: Jane_Doe_cv.pdf"): what was found
 * in the names is redacted in that line too, wherever it is not already inside a span. Only
 * there: a word the model took for a name in one file name ("March" in "Invoice_March.pdf") must
 * not be redacted through every document of the run.
 */
export function withNameValues(
  results: readonly FileResult[],
  values: readonly NameValue[],
): FileResult[] {
  if (values.length === 0) return [...results];
  return results.map((r) => {
    const listed = attachmentsLineAt(r.text);
    if (r.status !== 'ok' || r.kind !== 'eml' || listed < 0) return r;
    const lower = r.text.toLowerCase();
    const added: Span[] = [];
    const taken = (start: number, end: number) =>
      [...r.spans, ...added].some((s) => s.start < end && start < s.end);
    for (const { value, type, score } of values) {
      const needle = value.toLowerCase();
      for (let at = lower.indexOf(needle, listed); at >= 0; at = lower.indexOf(needle, at + 1)) {
        const end = at + value.length;
        // Whole words only: a short name found in a file name is not every word holding it.
        const alone = !WORD_CHAR.test(r.text[at - 1] ?? '') && !WORD_CHAR.test(r.text[end] ?? '');
        if (alone && !taken(at, end))
          added.push({
            start: at,
            end,
            type,
            score,
            source: 'propagated',
            text: r.text.slice(at, end),
          });
      }
    }
    if (added.length === 0) return r;
    const spans = sortSpans([...r.spans, ...added]);
    return {
      ...r,
      spans,
      // Kept among the candidates, so a later resolution (--propagate batch, a review) keeps them.
      ...(r.candidates ? { candidates: sortSpans([...r.candidates, ...added]) } : {}),
      anonymized: anonymise(r.text, spans),
    };
  });
}

/**
 * A message written before the names were chosen (an archive's "listed as …", an attachment's
 * error) said the old names: each is said with the new one. Longest first, so a folder's name
 * does not cut into a longer path that holds it.
 */
export function renamedMessage(message: string, renamed: ReadonlyMap<string, string>): string {
  let out = message;
  const pairs = [...renamed].sort((a, b) => b[0].length - a[0].length);
  for (const [from, to] of pairs) {
    out = out.split(from).join(to);
    const base = posix.basename(from);
    if (base.length >= 4 && base !== posix.basename(to))
      out = out.split(base).join(posix.basename(to));
  }
  return out;
}

/**
 * `file-names.csv`: each output name beside the name it was read under. The originals' names stay
 * inside, with the other reports that hold original values. Returns the path written.
 */
export async function writeFileNames(
  outDir: string,
  renamed: ReadonlyMap<string, string>,
): Promise<string> {
  const namesFile = join(outDir, FILE_NAMES_CSV);
  await writeFileAtomic(namesFile, formatFileNamesCsv(renamed)).catch((error: unknown) => {
    const detail = error instanceof Error ? error.message : String(error);
    throw new OutputWriteError(`cannot write ${namesFile} (${detail})`);
  });
  return namesFile;
}
