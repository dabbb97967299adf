/**
 * Where card numbers can be: runs of digit groups are found first ("+34 915 355 690
 * 4480916201758198", "635 405 272 2720 7744 7781 2627": a phone printed right before a card),
 * then every window of consecutive groups holding 12–19 digits is a candidate if it is one
 * unbroken group, or groups of 2–6 digits joined by one kind of separator. A window whose
 * grouping would continue into the next group ("1234 4111 1111 1111 1111 5678") is ambiguous
 * and skipped: which 16 of those digits would be the card? Except after a leading "+": such a
 * run starts with an international phone number, so a window reaching the run's end is taken
 * ("+44 20 4173 9455 4182 2385 9025 0583").
 */
import type { Candidate } from '../patternRecognizer.js';
import { followsIbanPrefix } from './ibanPrefix.js';

// Dots and slashes join groups too ("4111.1111.1111.1111"), but only groups of four: dotted
// groups of one to three digits are amounts, dates and network addresses.
const DIGIT_RUN =
  /(?<![\p{L}\d-])\d+(?:(?:[ \t]{1,2}|-)\d+|(?<=(?:^|[^\d./])\d{4}(?:[./]\d{4})*)[./]\d{4}(?![\d]))*(?![\p{L}\d])/gu;

interface Group {
  readonly start: number;
  readonly end: number;
  /** Separator before this group ('' for the first). */
  readonly separator: string;
}

function groupsOf(run: string, offset: number): Group[] {
  const groups: Group[] = [];
  for (const m of run.matchAll(/(\D*)(\d+)/g)) {
    const start = offset + m.index + (m[1]?.length ?? 0);
    groups.push({ start, end: start + (m[2]?.length ?? 0), separator: m[1] ?? '' });
  }
  return groups;
}

const size = (g: Group): number => g.end - g.start;

function isPrintedGrouping(window: readonly Group[]): boolean {
  if (window.length === 1) return true;
  const separator = window[1]?.separator;
  return window.every(
    (g, i) => (i === 0 || g.separator === separator) && size(g) >= 2 && size(g) <= 6,
  );
}

/** The grouping goes on past the window: same separator and a group as long as the window's edge. */
function continuesInto(
  window: readonly Group[],
  neighbour: Group | undefined,
  separator: string,
  edge: Group,
): boolean {
  if (window.length === 1 || neighbour === undefined) return false;
  return separator === window[1]?.separator && size(neighbour) === size(edge);
}

export function cardNumberCandidates(text: string, baseScore: number): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(DIGIT_RUN)) {
    if (m[0].replace(/\D/g, '').length < 12) continue;
    const groups = groupsOf(m[0], m.index);
    const afterPlus = text[m.index - 1] === '+';
    for (let i = afterPlus ? 1 : 0; i < groups.length; i++) {
      let digits = 0;
      for (let j = i; j < groups.length; j++) {
        const last = groups[j];
        const first = groups[i];
        if (!last || !first) break;
        digits += size(last);
        if (digits > 19) break;
        if (digits < 12) continue;
        const window = groups.slice(i, j + 1);
        if (!isPrintedGrouping(window)) continue;
        const next = groups[j + 1];
        const phoneBefore = afterPlus && next === undefined;
        // A group before the window that is joined to its own predecessor by another separator
        // ends a grouping of its own ("…-8888-1881 4012 8888 8888 1881": two cards).
        const before = groups[i - 1];
        const ownGrouping =
          before !== undefined && before.separator !== '' && before.separator !== first.separator;
        if (!phoneBefore && !ownGrouping && continuesInto(window, before, first.separator, first))
          continue;
        if (continuesInto(window, next, next?.separator ?? '', last)) continue;
        if (followsIbanPrefix(text, first.start)) continue;
        found.push({ start: first.start, end: last.end, score: baseScore });
      }
    }
  }
  return found;
}
