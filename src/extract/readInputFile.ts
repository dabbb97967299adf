/**
 * Reads an input file's bytes, turning every file-system failure into an `InputError` that says
 * what is wrong with that file. Special files (FIFOs, sockets, devices) are refused before
 * reading, because reading a FIFO would block the whole batch.
 */
import { lstat, open, readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { InputError } from '../domain/inputError.js';

function errnoCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}

async function isDanglingLink(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Maps a failed fs call on `file` to the user-facing error. */
export async function fileSystemError(error: unknown, file: string): Promise<InputError> {
  const code = errnoCode(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    if (await isDanglingLink(file)) {
      return new InputError(
        'unreadable',
        file,
        'cannot be read: it is a link to a file that does not exist',
        'fix or remove the link',
      );
    }
    return new InputError('not-found', file, 'no such file or folder', 'check the path');
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new InputError(
      'unreadable',
      file,
      'cannot be read: permission denied',
      'give your user read access to the file',
    );
  }
  if (code === 'ELOOP') {
    return new InputError('unreadable', file, 'cannot be read: it is a link loop', 'fix the link');
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new InputError(
    'unreadable',
    file,
    `cannot be read (${detail})`,
    'check the file and its disk',
  );
}

export async function statInputFile(file: string): Promise<Stats> {
  let stats: Stats;
  try {
    stats = await stat(file);
  } catch (error) {
    throw await fileSystemError(error, file);
  }
  if (stats.isDirectory()) {
    throw new InputError(
      'not-a-file',
      file,
      'is a folder, not a file',
      'pass the folder itself to process every file in it',
    );
  }
  if (!stats.isFile()) {
    throw new InputError(
      'not-a-file',
      file,
      'is not a regular file (a pipe, socket or device)',
      'copy the content to a file and process that',
    );
  }
  if (stats.size === 0) {
    throw new InputError(
      'empty',
      file,
      'the file is empty (0 bytes)',
      'check that it was saved or copied completely',
    );
  }
  return stats;
}

export async function readInputFile(file: string): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (error) {
    throw await fileSystemError(error, file);
  }
}

/** The first `length` bytes of an input file: enough to tell its type without reading it whole. */
export async function readInputHead(file: string, length: number): Promise<Uint8Array> {
  try {
    const handle = await open(file, 'r');
    try {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw await fileSystemError(error, file);
  }
}
