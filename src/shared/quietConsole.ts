/**
 * Some parsers talk on the console while they read a file (SheetJS on an ODS number format,
 * libheif on a file it cannot parse). Their words land on the user's terminal or the app's log
 * among our own messages, and can quote what the file holds. While `quietConsole` is on, the
 * console's methods collect those words instead; the caller decides whether any of them belongs
 * in the file's error, and otherwise they are dropped.
 */
const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;

export interface QuietConsole {
  /** What was said while quiet, one entry per call, its arguments joined by ": ". */
  readonly said: readonly string[];
  /** Puts the console's methods back. */
  restore(): void;
}

export function quietConsole(): QuietConsole {
  const said: string[] = [];
  const saved = METHODS.map((name) => [name, console[name]] as const);
  for (const name of METHODS)
    console[name] = (...args: unknown[]) => {
      said.push(args.map(String).join(': '));
    };
  return {
    said,
    restore() {
      for (const [name, method] of saved) console[name] = method;
    },
  };
}
