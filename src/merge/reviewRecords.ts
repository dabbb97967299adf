/**
 * The audit trail of one reviewed document: every detection that is redacted, as found or
 * retyped, every rejected one (kept here, not dropped), and every one added by hand, with the
 * reviewer and the time the decision was made.
 */
import type { ReviewArea, ReviewDecisions, ReviewRecord } from '../domain/reviewDecisions.js';

/** The log key of an area decision. */
export function areaKey(area: ReviewArea): string {
  const b = area.box;
  return `area:${area.page}:${Math.round(b.x)},${Math.round(b.y)},${Math.round(b.width)},${Math.round(b.height)}`;
}
import type { Span } from '../domain/span.js';
import type { ResolvedSpan } from './resolveDetections.js';

export function reviewRecords(
  candidates: readonly Span[],
  decisions: ReviewDecisions,
  redacted: readonly ResolvedSpan[],
  reviewer: string,
  exportedAt: string,
  /** The document's text: an occurrence rejected where it stands is recorded with its words. */
  text = '',
): ReviewRecord[] {
  const when = new Map((decisions.log ?? []).map((e) => [e.key, e.at]));
  const records: ReviewRecord[] = [];
  const retyped = new Map(decisions.retyped.map((r) => [r.index, r.type]));
  const span = (s: Span) => ({ start: s.start, end: s.end, text: s.text });
  for (const s of redacted) {
    const { index, kind } = s.origin;
    // Spans under redacted areas are recorded as their areas, below.
    if (kind === 'added' && index >= decisions.added.length) continue;
    if (kind === 'added') {
      const bySearch = when.get(`search:${s.start}-${s.end}`);
      const onReading = when.get(`found:${s.start}-${s.end}`);
      records.push({
        action:
          onReading !== undefined
            ? 'added on reading the copy'
            : bySearch === undefined
              ? 'added by selection'
              : 'added by search',
        ...span(s),
        type: s.type,
        reviewer,
        at: onReading ?? bySearch ?? when.get(`add:${s.start}-${s.end}`) ?? exportedAt,
      });
      continue;
    }
    const here = when.get(`retype-at:${s.start}-${s.end}`);
    if (
      here !== undefined &&
      decisions.retypedAt?.some((r) => r.start === s.start && r.end === s.end)
    ) {
      records.push({
        action: 'retyped',
        ...span(s),
        type: s.type,
        source: s.source,
        score: s.score,
        reviewer,
        at: here,
      });
      continue;
    }
    const found = candidates[index];
    const newType = retyped.get(index);
    records.push({
      action: newType === undefined ? 'accepted as found' : 'retyped',
      ...span(s),
      type: s.type,
      ...(newType === undefined ? {} : { fromType: found?.type }),
      source: s.source,
      score: s.score,
      reviewer,
      at: (newType === undefined ? undefined : when.get(`retype:c${index}`)) ?? exportedAt,
    });
  }
  for (const index of decisions.rejected) {
    const c = candidates[index];
    if (!c) continue;
    records.push({
      action: 'rejected',
      ...span(c),
      type: retyped.get(index) ?? c.type,
      source: c.source,
      score: c.score,
      reviewer,
      at: when.get(`reject:c${index}`) ?? exportedAt,
    });
  }
  for (const r of decisions.rejectedAt ?? []) {
    records.push({
      action: 'rejected',
      start: r.start,
      end: r.end,
      text: text.slice(r.start, r.end),
      reviewer,
      at: when.get(`reject-at:${r.start}-${r.end}`) ?? exportedAt,
    });
  }
  records.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
  for (const area of decisions.areas ?? []) {
    const b = area.box;
    records.push({
      action: area.wholePage ? 'page redacted' : 'area redacted',
      page: area.page,
      box: b,
      text: area.wholePage
        ? `page ${area.page}`
        : `page ${area.page}: ${Math.round(b.width)}×${Math.round(b.height)} pt at (${Math.round(b.x)}, ${Math.round(b.y)})`,
      reviewer,
      at: when.get(areaKey(area)) ?? exportedAt,
    });
  }
  return records;
}
