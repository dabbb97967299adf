/**
 * Outputs must never land among the inputs: a later run over that folder would pick them up as
 * inputs, and an output could replace an original. So the output folder may not be an input
 * folder or inside one, may not be an input file, and may not contain an input.
 * Paths are compared after resolving symbolic links, so a link cannot get around the rule.
 */
import { realpath, stat } from 'node:fs/promises';
import { dirname, basename, join, resolve } from 'node:path';
import { isInsideOrSame } from './outputPaths.js';
import { UsageError } from '../domain/usageError.js';

/** realpath of the deepest existing ancestor, plus the part that does not exist yet. */
async function canonical(path: string): Promise<string> {
  const absolute = resolve(path);
  try {
    return await realpath(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(await canonical(parent), basename(absolute));
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

export async function checkOutputLocation(
  outDir: string,
  inputPaths: readonly string[],
): Promise<void> {
  const out = await canonical(outDir);
  for (const given of inputPaths) {
    const input = await canonical(given);
    if (await isDirectory(input)) {
      if (isInsideOrSame(out, input)) {
        throw new UsageError(
          `the output folder ${outDir} is inside the input folder ${given}; choose an output folder outside the inputs`,
        );
      }
    } else if (out === input) {
      throw new UsageError(
        `the output folder ${outDir} is an input file; choose another --out folder`,
      );
    }
    if (isInsideOrSame(input, out) && input !== out) {
      throw new UsageError(
        `the input ${given} is inside the output folder ${outDir}, where it could be overwritten; choose another --out folder`,
      );
    }
  }
  if (
    await stat(out).then(
      (s) => !s.isDirectory(),
      () => false,
    )
  ) {
    throw new UsageError(`--out ${outDir} is an existing file, not a folder; choose a folder`);
  }
}
