/**
 * `--label-boxes`: each redacted span's first box carries its replacement ("[NAME 1 REDACTED]")
 * in white, like Acrobat's overlay text, shrunk to fit inside the box and clipped to it, so a
 * reader of the copy knows what was there without seeing it. The box stays solid black around it.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Box } from '../domain/documentText.js';

export interface LabelledBox {
  readonly box: Box;
  readonly spanIndex: number;
}

/** Below this many pixels of text height a label is unreadable noise; the box stays plain. */
const MIN_FONT_PX = 5;

/** Draws `labels[spanIndex]` into the first box of each span; box coordinates times `scale`. */
export function paintBoxLabels(
  context: SKRSContext2D,
  scale: number,
  boxes: readonly LabelledBox[],
  labels: readonly string[],
  offsetY = 0,
): void {
  const seen = new Set<number>();
  for (const { box, spanIndex } of boxes) {
    if (seen.has(spanIndex)) continue;
    seen.add(spanIndex);
    const label = labels[spanIndex];
    if (!label) continue;
    const left = box.x * scale;
    const top = box.y * scale + offsetY;
    const width = box.width * scale;
    const height = box.height * scale;
    let size = height * 0.7;
    context.font = `${size}px sans-serif`;
    const measured = context.measureText(label).width;
    if (measured > width * 0.94) size *= (width * 0.94) / measured;
    if (size < MIN_FONT_PX) continue;
    context.save();
    context.beginPath();
    context.rect(left, top, width, height);
    context.clip();
    context.font = `${size}px sans-serif`;
    context.fillStyle = '#ffffff';
    context.textBaseline = 'middle';
    context.fillText(label, left + width * 0.03, top + height / 2);
    context.restore();
  }
}

/** A box's label as a PNG the size of the box, for images composited with sharp. */
export function labelImage(box: Box, label: string, fill = '#000000'): Buffer | undefined {
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = fill;
  context.fillRect(0, 0, width, height);
  paintBoxLabels(context, 1, [{ box: { x: 0, y: 0, width, height }, spanIndex: 0 }], [label]);
  return canvas.toBuffer('image/png');
}
