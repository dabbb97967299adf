/**
 * Keeps the original and anonymised panes showing the same part of the document. Both panes are
 * rendered from segments carrying `data-start`/`data-end` (offsets into the original text), so
 * the position to keep in step is a character offset, not a scroll ratio: placeholders are
 * longer or shorter than what they replace, and a ratio drifts by many lines in long documents.
 *
 * Needs the pane to be the segments' offsetParent (`position: relative`).
 */
function segmentRange(el: HTMLElement): { start: number; end: number } {
  return { start: Number(el.dataset.start), end: Number(el.dataset.end) };
}

function segments(pane: HTMLElement): HTMLElement[] {
  return [...pane.children].filter(
    (c): c is HTMLElement => c instanceof HTMLElement && c.dataset.start !== undefined,
  );
}

/** First index whose predicate holds, for a predicate false then true along the array. */
function firstWhere<T>(items: readonly T[], holds: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (holds(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The character offset shown at the pane's top edge. */
export function offsetAtTop(pane: HTMLElement): number | null {
  const items = segments(pane);
  const top = pane.scrollTop;
  const el = items[firstWhere(items, (e) => e.offsetTop + e.offsetHeight > top)];
  if (!el) return null;
  const { start, end } = segmentRange(el);
  const fraction =
    el.offsetHeight > 0 ? Math.min(1, Math.max(0, (top - el.offsetTop) / el.offsetHeight)) : 0;
  return start + fraction * (end - start);
}

/** Scrolls the pane so `offset` is at its top edge. */
export function scrollToOffset(pane: HTMLElement, offset: number): void {
  const items = segments(pane);
  const index = firstWhere(items, (e) => segmentRange(e).end > offset);
  const el = items[Math.min(index, items.length - 1)];
  if (!el) return;
  const { start, end } = segmentRange(el);
  const fraction = end > start ? Math.min(1, Math.max(0, (offset - start) / (end - start))) : 0;
  pane.scrollTop = el.offsetTop + fraction * el.offsetHeight;
}

/** Moves `follower` to show what `leader` shows; the ends of the panes stay matched exactly. */
export function followScroll(leader: HTMLElement, follower: HTMLElement): void {
  const leaderMax = leader.scrollHeight - leader.clientHeight;
  if (leader.scrollTop <= 0) follower.scrollTop = 0;
  else if (leader.scrollTop >= leaderMax - 1) follower.scrollTop = follower.scrollHeight;
  else {
    const offset = offsetAtTop(leader);
    if (offset !== null) scrollToOffset(follower, offset);
  }
}

/**
 * Tells a user's scroll from the echo of one we set. Setting the follower's scrollTop fires a
 * scroll event on it a frame later; a timer or animation-frame guard races that event under
 * load, and a late echo then drags the leader back to where the follower was. So the event is
 * recognised by its position instead: a follower still where we put it did not move on its own.
 */
export class ScrollPairing<P extends { scrollTop: number }> {
  private readonly echoes = new Map<P, number>();

  constructor(private readonly move: (leader: P, follower: P) => void) {}

  /** Handles a scroll event on `from`: moves `to` unless `from` is only where we put it. */
  scrolled(from: P, to: P): void {
    const echo = this.echoes.get(from);
    if (echo !== undefined) {
      this.echoes.delete(from);
      // A set scrollTop may read back rounded to a device pixel.
      if (Math.abs(from.scrollTop - echo) < 1) return;
    }
    const before = to.scrollTop;
    this.move(from, to);
    // An unchanged scrollTop fires no event, so no echo is to come.
    if (to.scrollTop !== before) this.echoes.set(to, to.scrollTop);
  }
}
