/** Pure geometry of boxes (any one unit, top-left origin), shared by extraction and writers. */
import type { Box } from './documentText.js';

/** Whether two boxes overlap or lie within `gap` of each other on both axes. */
export function boxesNear(a: Box, b: Box, gap = 0): boolean {
  return (
    a.x - gap <= b.x + b.width &&
    b.x - gap <= a.x + a.width &&
    a.y - gap <= b.y + b.height &&
    b.y - gap <= a.y + a.height
  );
}

/** The smallest box holding both. */
export function boxUnion(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}
