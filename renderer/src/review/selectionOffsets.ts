/**
 * Maps a DOM selection in the original-text pane back to character offsets in the document.
 * Each rendered segment carries `data-start`, the offset of its first character, and holds one
 * text node, so a (node, offset) pair becomes `data-start + offset`.
 */
function segmentStart(el: Element | null): number | null {
  const value = el?.closest('[data-start]')?.getAttribute('data-start');
  return value === null || value === undefined ? null : Number(value);
}

function pointOffset(container: Node, offset: number, pane: Element): number | null {
  if (container.nodeType === Node.TEXT_NODE) {
    const start = segmentStart(container.parentElement);
    return start === null ? null : start + offset;
  }
  const el = container as Element;
  if (el === pane) {
    // A selection can end "between" segments, at the pane itself.
    const child = pane.children[offset] ?? null;
    if (child) return segmentStart(child);
    const last = pane.lastElementChild;
    const lastStart = segmentStart(last);
    return lastStart === null ? null : lastStart + (last?.textContent?.length ?? 0);
  }
  const start = segmentStart(el);
  if (start === null) return null;
  return offset === 0 ? start : start + (el.textContent?.length ?? 0);
}

export function selectionOffsets(
  selection: Selection | null,
  pane: Element,
): { start: number; end: number } | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!pane.contains(range.startContainer) || !pane.contains(range.endContainer)) return null;
  const start = pointOffset(range.startContainer, range.startOffset, pane);
  const end = pointOffset(range.endContainer, range.endOffset, pane);
  if (start === null || end === null || end <= start) return null;
  return { start, end };
}
