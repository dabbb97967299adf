/**
 * Identifiers broken by layout: an IBAN or a card number that a two-column page, a narrow cell or
 * a wrapped line splits in two ("IBAN: DE89 3704 0044      Due: 2026-02-01" then "0532 0130 00" on
 * the next line under it). Each piece alone fails its check, so the whole-value recognizers miss
 * both. Here a piece that ends a column segment is joined with the piece that starts the next
 * segment of its line, or the segment of the next line in its column (or that line's start, as a
 * PDF's layout may join two columns with a single space); the join must pass the
 * value's own check (mod 97, Luhn with a card network's first digit), so nothing is guessed.
 * Both pieces are reported, each a span of its own. A head is any maximal run of the value's
 * groups on its line; the tail must start a segment.
 */
import { isLuhnValid } from '../../domain/luhn.js';
import type { EntityType } from '../../domain/entityTypes.js';
import { makeSpan, type Span } from '../../domain/span.js';
import type { Recognizer } from '../recognizer.js';
import { lineRanges } from '../lineIndex.js';
import { IBAN_HEAD, isCheckedIban } from '../../domain/ibanShape.js';

/** A column gap: a tab, or two spaces or more. */
const GAP = /\t+| {2,}/g;

interface Segment {
  readonly start: number;
  readonly end: number;
  /** Characters from the line's start: which column the segment sits in. */
  readonly column: number;
}

function segmentsOf(text: string, lineStart: number, lineEnd: number): Segment[] {
  const line = text.slice(lineStart, lineEnd);
  const out: Segment[] = [];
  let at = 0;
  const push = (from: number, to: number) => {
    const raw = line.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const trail = raw.length - raw.trimEnd().length;
    if (raw.trim() !== '')
      out.push({
        start: lineStart + from + lead,
        end: lineStart + to - trail,
        column: from + lead,
      });
  };
  for (const m of line.matchAll(GAP)) {
    push(at, m.index);
    at = m.index + m[0].length;
  }
  push(at, line.length);
  return out;
}

interface Kind {
  readonly type: EntityType;
  /** A start of a value: a maximal run of its groups, anywhere in a line. */
  readonly head: RegExp;
  /** The rest of a value, at the start of a segment. */
  readonly tail: RegExp;
  readonly valid: (compact: string) => boolean;
}

const KINDS: readonly Kind[] = [
  {
    type: 'BANK_ACCOUNT',
    // Groups of capitals and digits; a group that runs into lower case ("Due") is not one.
    head: new RegExp(`(?<![\\p{L}\\p{N}])${IBAN_HEAD}(?:[ -]?[A-Z0-9]+(?![\\p{L}\\p{N}]))*`, 'gu'),
    tail: /^[A-Z0-9]{1,30}(?:[ -][A-Z0-9]{1,30}){0,8}(?![\p{L}\p{N}])/u,
    valid: (c) => isCheckedIban(c),
  },
  {
    // Groups of four, as cards are printed; a 16-digit number (the common networks) with a
    // network's first digit, split between groups.
    type: 'CREDIT_CARD',
    head: /(?<![\p{L}\p{N}])[3-6]\d{3}(?:[ -]\d{4}){0,2}(?![\p{L}\p{N}]|[ -]\d)/gu,
    tail: /^\d{4}(?:[ -]\d{4}){0,2}(?![\p{L}\p{N}])/u,
    valid: (c) => /^\d{16}$/.test(c) && isLuhnValid(c),
  },
];

const compact = (s: string) => s.replace(/[ -]/g, '');

/** The shortest tail prefix, at a group boundary, that completes the head into a valid value. */
function completion(kind: Kind, head: string, tail: string): number | undefined {
  const ends = [...tail.matchAll(/[ -]/g)].map((m) => m.index).concat(tail.length);
  for (const end of ends) {
    if (kind.valid(compact(head) + compact(tail.slice(0, end)))) return end;
  }
  return undefined;
}

/** Where the rest of a value may be: after the next gap on its line, or under it on the next. */
function continuations(
  lines: readonly Segment[][],
  li: number,
  lineStart: number,
  headStart: number,
  headEnd: number,
): Segment[] {
  const here = lines[li]!;
  const next = lines[li + 1] ?? [];
  const column = headStart - lineStart;
  const own = here.find((s) => s.start <= headStart && s.end >= headEnd);
  return [
    here.find((s) => s.start > headEnd),
    next.find((s) => Math.abs(s.column - column) <= 2),
    own ? next.find((s) => Math.abs(s.column - own.column) <= 2) : undefined,
    next[0],
  ].filter((s): s is Segment => s !== undefined);
}

function find(text: string, lineBounds: readonly [number, number][]): Span[] {
  const spans: Span[] = [];
  const lines = lineBounds.map(([s, e]) => segmentsOf(text, s, e));
  lineBounds.forEach(([lineStart, lineEnd], li) => {
    const line = text.slice(lineStart, lineEnd);
    for (const kind of KINDS) {
      for (const m of line.matchAll(kind.head)) {
        // Already whole: the ordinary recognizers find it.
        if (kind.valid(compact(m[0]))) continue;
        const headStart = lineStart + m.index;
        const headEnd = headStart + m[0].length;
        for (const cont of continuations(lines, li, lineStart, headStart, headEnd)) {
          const tailMatch = kind.tail.exec(text.slice(cont.start, cont.end));
          if (!tailMatch) continue;
          const end = completion(kind, m[0], tailMatch[0]);
          if (end === undefined) continue;
          spans.push(makeSpan(text, headStart, headEnd, kind.type, 1, 'pattern'));
          spans.push(makeSpan(text, cont.start, cont.start + end, kind.type, 1, 'pattern'));
          break;
        }
      }
    }
  });
  return spans;
}

/** Only a text that holds a possible head is walked line by line. */
const ANY_HEAD = new RegExp(`${IBAN_HEAD}|[3-6]\\d{3}`);

export const splitIdentifiersRecognizer: Recognizer = {
  name: 'split-identifiers',
  types: ['BANK_ACCOUNT', 'CREDIT_CARD'],
  analyze(text: string): Span[] {
    if (!ANY_HEAD.test(text)) return [];
    return find(text, lineRanges(text));
  },
};
