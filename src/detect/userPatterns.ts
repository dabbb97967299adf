/**
 * What every process that detects needs of a user's recognizers — their patterns compiled, their
 * types registered — apart from the reading of the file itself (recognizersFile, with the YAML
 * parser), which only a run given a recognizers file loads.
 */
import { RE2JS } from 're2js';
import { entityTypes } from '../domain/entityTypes.js';
import type { UserRecognizerConfig } from '../domain/userRecognizers.js';

/** Strings that an empty-matching pattern matches emptily; a real pattern never does. */
const EMPTY_PROBES = ['', ' ', 'a', '0', 'A-1', '\n'];

export function compileUserPattern(pattern: string, ignoreCase: boolean): RE2JS {
  const compiled = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  for (const probe of EMPTY_PROBES) {
    const m = compiled.matcher(probe);
    while (m.find()) {
      if (m.end() === m.start()) throw new Error('it matches the empty string');
    }
  }
  return compiled;
}

/** Types registered by an earlier load of a recognizers file in this process may be declared again. */
const userDeclared = new Set<string>();
export function isUserDefinedElsewhere(type: string): boolean {
  return userDeclared.has(type);
}

/** Registers the file's types in this process's registry (each process that detects must). */
export function registerUserTypes(config: UserRecognizerConfig): void {
  for (const t of config.types) {
    entityTypes.register({ ...t, structured: true }, { replace: userDeclared.has(t.type) });
    userDeclared.add(t.type);
  }
}
