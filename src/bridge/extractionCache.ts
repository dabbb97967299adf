/**
 * The app's cache of processed files, so a reload or a restart does not read and OCR the batch
 * again (62 s for 11 files): each file's result, keyed by the SHA-256 of its content and of the
 * options that produced it, encrypted at rest (AES-256-GCM) with a key kept as the OS keychain
 * allows (Electron's safeStorage; `keyProtection` below). It holds document text, so it lives in
 * the app's own data folder and entries go when their files leave the queue.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { JobOptions } from '../api/finredactApi.js';
import type { FileResult } from '../domain/fileResult.js';
import { writeFileAtomic } from '../write/writeFileAtomic.js';
import { defaultModelDir } from '../detect/nerLoader.js';
import { version } from './appVersion.js';

const ENTRY = /^([0-9a-f]{64})\.[0-9a-f]{16}\.bin$/;
/** Bumped when what a result holds changes: older entries then simply miss. */
const FORMAT = 'finredact-cache-1';

/** How the cache's key is kept: encrypted by the OS keychain, or (no keychain) by file mode. */
export interface KeyProtection {
  readonly keychain: boolean;
  encrypt(plain: string): Buffer;
  decrypt(stored: Buffer): string;
}

/** No keychain (the browser bridge): the key file is readable by its owner only. */
export const FILE_MODE_ONLY: KeyProtection = {
  keychain: false,
  encrypt: (plain) => Buffer.from(plain, 'utf8'),
  decrypt: (stored) => stored.toString('utf8'),
};

/** The cache's key from `file`, made (32 random bytes) the first time. */
export async function loadCacheKey(file: string, protection: KeyProtection): Promise<Buffer> {
  try {
    const key = Buffer.from(protection.decrypt(await readFile(file)), 'hex');
    if (key.length === 32) return key;
  } catch {
    // Missing or unreadable (another machine's keychain): a new key; old entries then miss.
  }
  const key = randomBytes(32);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, protection.encrypt(key.toString('hex')));
  await chmod(file, 0o600);
  return key;
}

/**
 * The code and model that produce a result: a new release or another shipped model (its size
 * and time) makes every earlier entry miss, so no result of an older detector is reused.
 */
function producer(): string {
  const model = path.join(defaultModelDir(), 'model.onnx');
  const at = existsSync(model) ? statSync(model) : undefined;
  return `${version}:${at ? `${at.size}:${at.mtimeMs}` : 'no-model'}`;
}

/** What a job's options change in a result: every option the processing host reads. */
export function optionsKey(options: JobOptions): string {
  return JSON.stringify({
    FORMAT,
    producer: producer(),
    types: [...options.types].sort(),
    ocr: options.ocr,
    ner: options.ner,
    recognizers: options.recognizers ?? '',
  });
}

export class ExtractionCache {
  constructor(
    readonly folder: string,
    private readonly key: Buffer,
  ) {}

  /**
   * An entry's name: keyed hashes (HMAC) of the content's hash and of the options, so the names
   * on disk cannot be checked against a known document without the key.
   */
  private mac(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('hex');
  }

  private entry(hash: string, options: string): string {
    return path.join(this.folder, `${this.mac(hash)}.${this.mac(options).slice(0, 16)}.bin`);
  }

  /** The stored result for this content under these options, shown at `file` now; or none. */
  async get(
    hash: string,
    options: string,
    input: Pick<FileResult, 'file' | 'relativePath'>,
  ): Promise<FileResult | undefined> {
    const at = this.entry(hash, options);
    let stored: Buffer;
    try {
      stored = await readFile(at);
    } catch {
      return undefined;
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, stored.subarray(0, 12));
      decipher.setAuthTag(stored.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]);
      const result = JSON.parse(plain.toString('utf8')) as FileResult;
      return { ...result, file: input.file, relativePath: input.relativePath };
    } catch {
      // Tampered with, or written under another key: dropped, and the file is read again.
      await rm(at, { force: true });
      return undefined;
    }
  }

  async put(hash: string, options: string, result: FileResult): Promise<void> {
    // Errors are not kept: the next try should read the file again.
    if (result.status !== 'ok') return;
    await mkdir(this.folder, { recursive: true });
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(result), 'utf8'), cipher.final()]);
    await writeFileAtomic(
      this.entry(hash, options),
      Buffer.concat([iv, cipher.getAuthTag(), body]),
    );
  }

  /** Keeps only the entries of these contents (under any options); the rest go. */
  async keepOnly(hashes: readonly string[]): Promise<number> {
    const wanted = new Set(hashes.map((h) => this.mac(h)));
    let removed = 0;
    for (const name of await readdir(this.folder).catch(() => [] as string[])) {
      const content = ENTRY.exec(name)?.[1];
      if (content !== undefined && wanted.has(content)) continue;
      await rm(path.join(this.folder, name), { force: true });
      removed++;
    }
    return removed;
  }

  async clear(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
  }
}
