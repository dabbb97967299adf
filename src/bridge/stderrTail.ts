/**
 * Keeps the end of a child process's stderr, so "the processing process exited with code 1" can
 * become "…: SyntaxError: …", which is what a user can report or act on.
 */
const KEEP_CHARS = 4096;

export class StderrTail {
  private text = '';

  add(chunk: string): void {
    this.text = (this.text + chunk).slice(-KEEP_CHARS);
  }

  /** The last line that names an error, else the last non-empty line; undefined when silent. */
  lastError(): string | undefined {
    const lines = this.text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 0 && !l.startsWith('at '));
    const named = lines.filter((l) => /\b\w*(Error|Exception)\b/.test(l));
    const line = named[named.length - 1] ?? lines[lines.length - 1];
    return line === undefined ? undefined : line.slice(0, 300);
  }
}
