/**
 * One page of a document as the review shows it: the rendered page, and each box its redacted
 * copy will burn. Plain data: it crosses the API.
 */
import type { Box } from './documentText.js';
import type { EntityType } from './entityTypes.js';

export interface PageViewBox {
  /** Points, top-left origin, like the page's size. */
  readonly box: Box;
  readonly type: EntityType;
  /** The text offsets of the detection it redacts; absent for a reviewer's area. */
  readonly start?: number;
  readonly end?: number;
}

export interface PageView {
  readonly page: number;
  readonly pages: number;
  readonly widthPt: number;
  readonly heightPt: number;
  /** The rendered page as a PNG data URL. */
  readonly image: string;
  readonly boxes: readonly PageViewBox[];
}
