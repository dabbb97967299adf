/**
 * Expands the paths a user gave into the list of input files, in a stable order (arguments in
 * the order given; inside a folder, entries sorted by name, recursively). Every path appears:
 * a missing path or a broken link becomes an input too, so it is reported with its error
 * instead of vanishing. Symbolic links to files are followed; links to folders are not, so a
 * link cycle cannot make the walk endless. Hidden files (".DS_Store", "~$lock" files of Office)
 * inside folders are skipped, since they are never documents the user meant. A link to a folder
 * met inside a folder is listed as an input and reported as "is a folder".
 */
import { readdir, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';

export interface InputFile {
  /** Absolute path. */
  readonly file: string;
  /** Path relative to the root it was found under (its own name for a file given directly). */
  readonly relativePath: string;
  /** The folder or file the user named that led to this input. */
  readonly root: string;
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
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (isHidden(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, root, out);
    else out.push({ file: full, relativePath: toPortable(relative(root, full)), root });
  }
}

function toPortable(path: string): string {
  return path.split(sep).join('/');
}

/**
 * Two roots can hold the same relative path (a/x.txt and b/x.txt given as `a b`): outputs are laid
 * out by relative path, so later duplicates are prefixed with their root's name (and a number if
 * that is not enough).
 */
export function disambiguateRelativePaths(inputs: readonly InputFile[]): InputFile[] {
  const seen = new Set<string>();
  return inputs.map((input) => {
    let candidate = input.relativePath;
    if (seen.has(candidate.toLowerCase())) {
      candidate = `${basename(input.root)}/${input.relativePath}`;
      for (let n = 2; seen.has(candidate.toLowerCase()); n++) {
        candidate = `${basename(input.root)}-${n}/${input.relativePath}`;
      }
    }
    seen.add(candidate.toLowerCase());
    return candidate === input.relativePath ? input : { ...input, relativePath: candidate };
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
