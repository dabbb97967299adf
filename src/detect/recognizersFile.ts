/**
 * The recognizers file: a user's own entity types, terms, patterns and allow-list in YAML
 * (README "Your own recognizers"). Read with the `yaml` package so a mistake is reported with its
 * line; every problem is a UsageError naming the file, the line and what is wrong, because a
 * recognizers file that half-loads would redact less than its author believes.
 */
import { readFile } from 'node:fs/promises';
import { compileUserPattern, isUserDefinedElsewhere } from './userPatterns.js';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { entityTypes, type EntityTypeDefinition } from '../domain/entityTypes.js';
import { UsageError } from '../domain/usageError.js';
import type { UserRecognizerConfig, UserRecognizerSpec } from '../domain/userRecognizers.js';

export class RecognizersFileError extends UsageError {}

const TYPE_NAME = /^[A-Z][A-Z0-9_]{0,39}$/;

interface Located {
  readonly node: Node | null | undefined;
}

class Reader {
  private readonly lines = new LineCounter();
  readonly root: Node | null;

  constructor(
    private readonly file: string,
    source: string,
  ) {
    const doc = parseDocument(source, { lineCounter: this.lines, prettyErrors: false });
    const first = doc.errors[0];
    if (first) {
      const line = this.lines.linePos(first.pos[0]).line;
      throw new RecognizersFileError(
        `${file}:${line}: invalid YAML: ${first.message.split('\n')[0]}`,
      );
    }
    this.root = doc.contents;
  }

  fail(at: Located['node'], problem: string): never {
    const offset = at?.range?.[0];
    const line = offset === undefined ? 1 : this.lines.linePos(offset).line;
    throw new RecognizersFileError(`${this.file}:${line}: ${problem}`);
  }

  /** A map's entries by key, refusing keys the format does not have (a typo would be ignored). */
  entries(
    node: Node | null | undefined,
    allowed: readonly string[],
    what: string,
  ): Map<string, Node> {
    if (!isMap(node)) this.fail(node, `${what} must be a mapping of keys to values`);
    const out = new Map<string, Node>();
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!allowed.includes(key)) {
        this.fail(
          (pair.key as Node | null) ?? node,
          `unknown key "${key}" in ${what}; allowed: ${allowed.join(', ')}`,
        );
      }
      out.set(key, pair.value as Node);
    }
    return out;
  }

  string(node: Node | undefined, what: string): string {
    if (!isScalar(node) || typeof node.value !== 'string' || node.value.trim() === '') {
      this.fail(node, `${what} must be a non-empty text`);
    }
    return node.value;
  }

  strings(node: Node | undefined, what: string): { value: string; node: Node }[] {
    if (!isSeq(node)) this.fail(node, `${what} must be a list`);
    return node.items.map((item) => {
      // Numbers in a term list ("12345") are terms too; YAML reads them as numbers.
      if (isScalar(item) && (typeof item.value === 'number' || typeof item.value === 'string')) {
        const value = String(item.value);
        if (value.trim() !== '') return { value, node: item };
      }
      return this.fail(item as Node, `each entry of ${what} must be a non-empty text`);
    });
  }

  list(node: Node | undefined, what: string): Node[] {
    if (!isSeq(node)) this.fail(node, `${what} must be a list`);
    return node.items as Node[];
  }
}

function readType(r: Reader, node: Node): EntityTypeDefinition {
  const e = r.entries(node, ['name', 'placeholder', 'label', 'colour', 'color'], 'a type');
  const name = r.string(e.get('name'), 'a type\'s "name"');
  if (!TYPE_NAME.test(name)) {
    r.fail(
      e.get('name'),
      `type name "${name}" must be upper-case letters, digits and underscores, starting with a letter`,
    );
  }
  if (entityTypes.has(name) && !isUserDefinedElsewhere(name)) {
    r.fail(e.get('name'), `type ${name} is built in; use it in a recognizer without declaring it`);
  }
  const label =
    e.get('label') === undefined
      ? name
          .toLowerCase()
          .split('_')
          .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
          .join(' ')
      : r.string(e.get('label'), `type ${name}'s "label"`);
  const placeholder =
    e.get('placeholder') === undefined
      ? undefined
      : r.string(e.get('placeholder'), `type ${name}'s "placeholder"`);
  const colourNode = e.get('colour') ?? e.get('color');
  const colour =
    colourNode === undefined ? undefined : r.string(colourNode, `type ${name}'s colour`);
  if (colour !== undefined && !/^#[0-9a-f]{6}$/i.test(colour)) {
    r.fail(colourNode, `type ${name}'s colour must look like #a0c4ff`);
  }
  return {
    type: name,
    label,
    ...(placeholder === undefined ? {} : { placeholder }),
    ...(colour === undefined ? {} : { colour }),
  };
}

function readRecognizer(r: Reader, node: Node, known: ReadonlySet<string>): UserRecognizerSpec {
  const e = r.entries(
    node,
    ['name', 'type', 'terms', 'patterns', 'context', 'score', 'ignoreCase', 'ignore_case'],
    'a recognizer',
  );
  const name = r.string(e.get('name'), 'a recognizer\'s "name"');
  const typeNode = e.get('type');
  const type = r.string(typeNode, `recognizer "${name}"'s "type"`);
  if (!known.has(type)) {
    r.fail(
      typeNode,
      `recognizer "${name}": unknown type ${type}; declare it under "types:" or use one of ${[...known].join(', ')}`,
    );
  }
  const terms = e.has('terms') ? r.strings(e.get('terms'), `recognizer "${name}"'s terms`) : [];
  const patterns = e.has('patterns')
    ? r.strings(e.get('patterns'), `recognizer "${name}"'s patterns`)
    : [];
  if (terms.length === 0 && patterns.length === 0) {
    r.fail(node, `recognizer "${name}" needs "terms" or "patterns" (a non-empty list)`);
  }
  const caseNode = e.get('ignoreCase') ?? e.get('ignore_case');
  if (caseNode !== undefined && !(isScalar(caseNode) && typeof caseNode.value === 'boolean')) {
    r.fail(caseNode, `recognizer "${name}": ignoreCase must be true or false`);
  }
  const ignoreCase = isScalar(caseNode) && caseNode.value === true;
  for (const p of patterns) {
    try {
      compileUserPattern(p.value, ignoreCase);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      r.fail(p.node, `recognizer "${name}": invalid pattern ${JSON.stringify(p.value)}: ${detail}`);
    }
  }
  const scoreNode = e.get('score');
  let score: number | undefined;
  if (scoreNode !== undefined) {
    if (
      !isScalar(scoreNode) ||
      typeof scoreNode.value !== 'number' ||
      !(scoreNode.value >= 0 && scoreNode.value <= 1)
    ) {
      r.fail(scoreNode, `recognizer "${name}": score must be a number from 0 to 1`);
    }
    score = scoreNode.value;
  }
  const context = e.has('context')
    ? r
        .strings(e.get('context'), `recognizer "${name}"'s context`)
        .map((c) => c.value.toLowerCase().trim())
    : [];
  return {
    name,
    type,
    ...(terms.length > 0 ? { terms: terms.map((t) => t.value) } : {}),
    ...(patterns.length > 0 ? { patterns: patterns.map((p) => p.value) } : {}),
    ...(ignoreCase ? { ignoreCase } : {}),
    ...(context.length > 0 ? { context } : {}),
    ...(score === undefined ? {} : { score }),
  };
}

/** Parses and checks a recognizers file's text; `file` names it in errors. Registers nothing. */
export function parseRecognizers(source: string, file: string): UserRecognizerConfig {
  const r = new Reader(file, source);
  if (r.root === null || (isScalar(r.root) && r.root.value === null)) {
    return { types: [], recognizers: [], allow: [] };
  }
  const top = r.entries(r.root, ['types', 'recognizers', 'allow'], 'the file');
  const types = e2list(r, top.get('types'), 'types').map((n) => readType(r, n));
  const declared = new Set<string>();
  for (const [i, t] of types.entries()) {
    if (declared.has(t.type))
      r.fail(r.list(top.get('types'), 'types')[i], `type ${t.type} is declared twice`);
    declared.add(t.type);
  }
  const known = new Set([...entityTypes.list(), ...declared]);
  const recognizers = e2list(r, top.get('recognizers'), 'recognizers').map((n) =>
    readRecognizer(r, n, known),
  );
  const names = new Set<string>();
  for (const [i, rec] of recognizers.entries()) {
    if (names.has(rec.name)) {
      r.fail(
        r.list(top.get('recognizers'), 'recognizers')[i],
        `recognizer name "${rec.name}" is used twice`,
      );
    }
    names.add(rec.name);
  }
  const allow = top.has('allow') ? r.strings(top.get('allow'), '"allow"').map((a) => a.value) : [];
  return { types, recognizers, allow };
}

function e2list(r: Reader, node: Node | undefined, what: string): Node[] {
  return node === undefined || (isScalar(node) && node.value === null)
    ? []
    : r.list(node, `"${what}"`);
}

/** Reads a recognizers file from disk; a missing or unreadable file is a usage error too. */
export async function loadRecognizersFile(path: string): Promise<UserRecognizerConfig> {
  let source: string;
  try {
    source = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RecognizersFileError(
      `${path}: cannot read the recognizers file (${code === 'ENOENT' ? 'no such file' : String(code ?? error)})`,
    );
  }
  return parseRecognizers(source, path);
}
