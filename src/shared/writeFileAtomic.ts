/**
 * Writes a file so that readers see either the old content or the new, never half of it: the
 * data goes to a temp file in the same folder (same file system, so rename is atomic) and is
 * flushed before the rename. The folder is created if needed.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { dirname, join } from 'node:path';

/** Creates `path` through a temp file beside it that `write` fills; flushed, then renamed. */
async function replaceAtomically(
  path: string,
  write: (handle: FileHandle) => Promise<void>,
): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  // A short name of its own: one built from the target's name would pass the file system's name
  // limit for targets near it.
  const temp = join(dir, `.finredact-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await write(handle);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await replaceAtomically(path, (handle) => handle.writeFile(data));
}

/**
 * The same guarantee for a file produced as a stream: `produce` writes to the temp file's stream
 * and resolves when it has written everything.
 */
export async function writeStreamAtomic(
  path: string,
  produce: (stream: Writable) => Promise<void>,
): Promise<void> {
  await replaceAtomically(path, async (handle) => {
    const stream = createWriteStream('', { fd: handle.fd, autoClose: false });
    const finished = new Promise<void>((resolve, reject) => {
      stream.once('finish', resolve);
      stream.once('error', reject);
    });
    try {
      await produce(stream);
    } catch (error) {
      // The temporary file is abandoned, but writes still queued must finish before its
      // descriptor is closed, or they fail on a closed one (EBADF, an unhandled error).
      if (!stream.writableEnded) stream.end();
      await finished.catch(() => undefined);
      throw error;
    }
    if (!stream.writableEnded) stream.end();
    await finished;
  });
}
