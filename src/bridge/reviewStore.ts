/**
 * The review as the reviewer works: which files are in the queue and every decision about each,
 * saved (atomically) in the app's config folder, so reopening the app or reloading the page
 * brings them back. Only decisions are kept, never document text: an added detection is saved
 * as its range and type, and its text is read from the document again when it is restored. A
 * reviewed file's SHA-256 is kept too (taken with its first decision, so adding a folder reads no
 * file twice), and a file changed since its review is flagged instead of getting decisions about
 * another text.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ReviewDecisions, ReviewHistory } from '../domain/reviewDecisions.js';
import { writeFileAtomic } from '../write/writeFileAtomic.js';

export interface SavedFile {
  readonly file: string;
  /** The file or folder the reviewer added that brought this file in (restored as added). */
  readonly root: string;
  /** The content its decisions are about; set with the first decision. */
  readonly sha256?: string;
  readonly decisions?: ReviewDecisions;
  /** Undo and redo steps, without text like the decisions. */
  readonly history?: ReviewHistory;
}

interface SavedReview {
  readonly version: 1;
  readonly files: readonly SavedFile[];
}

export async function fileSha256(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

/** Decisions without the text of added spans (it is re-read from the document). */
function withoutText(decisions: ReviewDecisions): ReviewDecisions {
  return { ...decisions, added: decisions.added.map((s) => ({ ...s, text: '' })) };
}

export class ReviewStore {
  private files = new Map<string, SavedFile>();
  private loaded = false;
  /** Saves run one after another, so an older state never overwrites a newer one. */
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly filePath: string) {}

  async load(): Promise<SavedFile[]> {
    if (!this.loaded) {
      this.loaded = true;
      try {
        const saved = JSON.parse(await readFile(this.filePath, 'utf8')) as SavedReview;
        if (saved.version === 1 && Array.isArray(saved.files)) {
          for (const f of saved.files) this.files.set(f.file, f);
        }
      } catch {
        // No saved review yet, or one this version cannot read: start afresh.
      }
    }
    return [...this.files.values()];
  }

  /** Files entering the queue; their decisions, if any, stay until shown to be out of date. */
  async remember(
    files: readonly { readonly file: string; readonly root: string }[],
  ): Promise<void> {
    await this.load();
    for (const { file, root } of files) {
      const existing = this.files.get(file);
      this.files.set(file, existing ? { ...existing, root } : { file, root });
    }
    await this.persist();
  }

  async saveDecisions(
    file: string,
    decisions: ReviewDecisions,
    history?: ReviewHistory,
  ): Promise<void> {
    await this.load();
    const existing = this.files.get(file);
    if (!existing) throw new Error(`${file} is not in the review; add it again.`);
    const sha256 = existing.sha256 ?? (await fileSha256(file));
    const { history: _old, ...rest } = existing;
    this.files.set(file, {
      ...rest,
      sha256,
      decisions: withoutText(decisions),
      ...(history
        ? {
            history: {
              past: history.past.map(withoutText),
              future: history.future.map(withoutText),
            },
          }
        : {}),
    });
    await this.persist();
  }

  /** Drops decisions about a content the file no longer has; its next review starts afresh. */
  async forgetDecisions(file: string): Promise<void> {
    await this.load();
    const existing = this.files.get(file);
    if (!existing?.decisions) return;
    this.files.set(file, { file, root: existing.root });
    await this.persist();
  }

  /** Forgets a file the reviewer removed from the queue, decisions and all. */
  async forget(file: string): Promise<void> {
    await this.load();
    if (this.files.delete(file)) await this.persist();
  }

  /** Forgets every file not in `files` (files that no longer exist). */
  async keepOnly(files: ReadonlySet<string>): Promise<void> {
    await this.load();
    const before = this.files.size;
    for (const file of [...this.files.keys()]) if (!files.has(file)) this.files.delete(file);
    if (this.files.size !== before) await this.persist();
  }

  private persist(): Promise<void> {
    const snapshot: SavedReview = { version: 1, files: [...this.files.values()] };
    this.writing = this.writing
      .catch(() => undefined)
      .then(() => writeFileAtomic(this.filePath, JSON.stringify(snapshot)));
    return this.writing;
  }
}
