import { createCanvas } from '@napi-rs/canvas';

/** A white PNG page with black sans-serif lines, `step` pixels apart from (x, y). */
export function textPng(
  width: number,
  height: number,
  fontPx: number,
  lines: readonly string[],
  at: { x: number; y: number; step?: number },
): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = 'black';
  ctx.font = `${fontPx}px sans-serif`;
  lines.forEach((line, i) => ctx.fillText(line, at.x, at.y + i * (at.step ?? 0)));
  return canvas.toBuffer('image/png');
}
