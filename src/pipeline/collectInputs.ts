/**
 * Expands the paths a user gave into the list of input files, in a stable order (arguments in
 * the order given; inside a folder, entries sorted by name, recursively). Every path appears:
 * a missing path or a broken link becomes an input too, so it is reported with its error
 * instead of vanishing. Symbolic links to files are followed; links to folders are not, so a
 * link cycle cannot make the walk endless. Hidden files and folders (".DS_Store", "~$lock" files
 * of Office, ".git") inside folders are not processed, since they are never documents the user
 * meant, but they are listed as skipped with the reason. A name that is not valid UTF-8 cannot
 * be carried through the outputs, so it is listed with an error that says so. A link to a folder
 * met inside a folder is listed as an input and reported as "is a folder".
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join, relative, resolve, sep } from 'node:path';

export interface InputFile {
  /** Absolute path. */
  readonly file: string;
  /** Path relative to the root it was found under (its own name for a file given directly). */
  readonly relativePath: string;
  /** The folder or file the user named that led to this input. */
  readonly root: string;
  /**
   * An e-mail's attachment or an archive's file: where the user finds it (the container's path
   * and its place inside), since `file` is a scratch copy removed when the run ends.
   */
  readonly shownAs?: string;
  /** Set when the input is listed but not processed, with what its result says. */
  readonly unprocessable?: { readonly status: 'skipped' | 'error'; readonly message: string };
}

function isHidden(name: string): boolean {
  return name.startsWith('.') || name.startsWith('~$');
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function walk(dir: string, root: string, out: InputFile[]): Promise<void> {
  // Names as bytes: Node would turn invalid UTF-8 into U+FFFD and then not find the file.
  const entries = await readdir(dir, { withFileTypes: true, encoding: 'buffer' });
  const named = entries.map((entry) => ({ entry, name: entry.name.toString('utf8') }));
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { entry, name } of named) {
    const full = join(dir, name);
    const input = { file: full, relativePath: toPortable(relative(root, full)), root };
    if (!Buffer.from(name, 'utf8').equals(entry.name)) {
      out.push({
        ...input,
        unprocessable: {
          status: 'error',
          message: `${name}: the file name is not valid UTF-8 (shown with � for the bytes that are not), so it cannot be read by name; rename it and run again`,
        },
      });
    } else if (isHidden(name)) {
      out.push({
        ...input,
        unprocessable: {
          status: 'skipped',
          message: `${name}: skipped, a hidden ${entry.isDirectory() ? 'folder is not searched' : 'file is never taken for a document'} (its name starts with "${name.startsWith('~$') ? '~$' : '.'}"); rename it to include it`,
        },
      });
    } else if (entry.isDirectory()) await walk(full, root, out);
    else out.push(input);
  }
}

function toPortable(path: string): string {
  return path.split(sep).join('/');
}

/** The folders a relative path lies in: `a/b/c.txt` → `a`, `a/b`. */
function folders(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * Outputs are laid out by relative path, so two inputs must not share one (a/x.txt and b/x.txt
 * given as `a b`), and no input's path may be a folder of another's (a file `x` and a folder
 * `x/…`), case-insensitively. A later duplicate from a folder is prefixed with that folder's name
 * (and a number if that is not enough); a later file given by itself is numbered:
 * `statement (2).txt`.
 */
export function disambiguateRelativePaths(inputs: readonly InputFile[]): InputFile[] {
  const files = new Set<string>();
  const dirs = new Set<string>();
  const free = (path: string) => {
    const key = path.toLowerCase();
    return !files.has(key) && !dirs.has(key) && folders(key).every((f) => !files.has(f));
  };
  return inputs.map((input) => {
    const rel = input.relativePath;
    const candidates = function* (): Generator<string> {
      yield rel;
      if (input.root !== input.file) {
        yield `${basename(input.root)}/${rel}`;
        for (let n = 2; ; n++) yield `${basename(input.root)}-${n}/${rel}`;
      }
      const extension = extname(rel);
      for (let n = 2; ; n++)
        yield `${rel.slice(0, rel.length - extension.length)} (${n})${extension}`;
    };
    let chosen = rel;
    for (const candidate of candidates()) {
      if (free(candidate)) {
        chosen = candidate;
        break;
      }
    }
    files.add(chosen.toLowerCase());
    for (const f of folders(chosen.toLowerCase())) dirs.add(f);
    return chosen === rel ? input : { ...input, relativePath: chosen };
  });
}

export async function collectInputs(paths: readonly string[]): Promise<InputFile[]> {
  const out: InputFile[] = [];
  const seenFiles = new Set<string>();
  for (const given of paths) {
    const root = resolve(given);
    const found: InputFile[] = [];
    // A symlinked folder named explicitly is walked; only links met during the walk are not.
    if (await isDirectory(root)) {
      await walk(root, root, found);
    } else {
      found.push({ file: root, relativePath: basename(root), root });
    }
    for (const input of found) {
      if (seenFiles.has(input.file)) continue; // the same file named twice is processed once
      seenFiles.add(input.file);
      out.push(input);
    }
  }
  return disambiguateRelativePaths(out);
}

/**
 * For each input that may hold files (an e-mail, an archive), the other inputs' paths inside the
 * folder its files are listed under (`mail/…` for `mail.eml`, `papers/…` for `papers.zip`).
 */
export function pathsInsideContainers(relativePaths: readonly string[]): Map<number, string[]> {
  const sorted = relativePaths
    .map((path, index) => ({ key: path.toLowerCase(), path, index }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const out = new Map<number, string[]>();
  relativePaths.forEach((path, index) => {
    if (!/\.(eml|msg|zip)$/i.test(path)) return;
    const prefix = `${path.slice(0, -extname(path).length).toLowerCase()}/`;
    // The first path at or after the prefix, then every one that starts with it.
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.key < prefix) lo = mid + 1;
      else hi = mid;
    }
    const inside: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.key.startsWith(prefix); i++)
      inside.push(sorted[i]!.path);
    if (inside.length > 0) out.set(index, inside);
  });
  return out;
}
