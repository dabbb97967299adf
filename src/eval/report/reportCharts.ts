/**
 * The report's charts as inline SVG, drawn by Vega-Lite and rendered by Vega on Node (no canvas,
 * no browser, no network: every chart's data is inline). Each function returns one <svg>.
 */
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

const FONT = 'system-ui, sans-serif';

async function svgOf(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

const CONFIG = {
  font: FONT,
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12 },
};

/** Precision against recall per type (model types as lines, pattern types as single points). */
export function precisionRecallChart(
  points: readonly {
    type: string;
    model: string;
    threshold: number;
    precision: number;
    recall: number;
  }[],
  marked: readonly { type: string; model: string; precision: number; recall: number }[],
): Promise<string> {
  return svgOf({
    config: CONFIG,
    width: 420,
    height: 320,
    layer: [
      {
        data: { values: [...points] },
        mark: { type: 'line', point: { size: 18 }, interpolate: 'linear' },
        encoding: {
          x: { field: 'recall', type: 'quantitative', scale: { domain: [0, 1] }, title: 'recall' },
          y: {
            field: 'precision',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            title: 'precision',
          },
          color: { field: 'type', type: 'nominal', title: 'type' },
          strokeDash: { field: 'model', type: 'nominal', title: 'model' },
          order: { field: 'threshold', type: 'quantitative' },
        },
      },
      {
        data: { values: [...marked] },
        mark: {
          type: 'point',
          shape: 'diamond',
          size: 120,
          filled: true,
          stroke: '#000',
          strokeWidth: 1,
        },
        encoding: {
          x: { field: 'recall', type: 'quantitative' },
          y: { field: 'precision', type: 'quantitative' },
          color: { field: 'type', type: 'nominal' },
        },
      },
    ],
  });
}

/** Leak rate (and micro F1) against the model threshold, with the policy's threshold marked. */
export function leakChart(
  points: readonly { model: string; threshold: number; leak: number; f1: number }[],
  policyThreshold: number,
): Promise<string> {
  const long = points.flatMap((p) => [
    { model: p.model, threshold: p.threshold, measure: 'leak rate', value: p.leak },
    { model: p.model, threshold: p.threshold, measure: 'micro F1', value: p.f1 },
  ]);
  return svgOf({
    config: CONFIG,
    width: 420,
    height: 240,
    layer: [
      {
        data: { values: long },
        mark: { type: 'line', point: { size: 14 } },
        encoding: {
          x: {
            field: 'threshold',
            type: 'quantitative',
            scale: { domain: [0, 1] },
            title: 'model threshold',
          },
          y: { field: 'value', type: 'quantitative', title: null },
          color: { field: 'measure', type: 'nominal', title: null },
          strokeDash: { field: 'model', type: 'nominal', title: 'model' },
        },
      },
      {
        data: { values: [{ threshold: policyThreshold }] },
        mark: { type: 'rule', color: '#555', strokeDash: [4, 3] },
        encoding: { x: { field: 'threshold', type: 'quantitative' } },
      },
    ],
  });
}

/** Gold type (rows) × predicted type (columns) as a heat map with the counts written in. */
export function confusionChart(
  cells: readonly { gold: string; predicted: string; count: number }[],
  typeOrder: readonly string[],
): Promise<string> {
  // Types in the registry's order, "(missed)" and "(spurious)" last.
  const rank = (v: string) => (typeOrder.includes(v) ? typeOrder.indexOf(v) : typeOrder.length);
  const order = (field: 'gold' | 'predicted') =>
    [...new Set(cells.map((c) => c[field]))].sort((a, b) => rank(a) - rank(b));
  return svgOf({
    config: CONFIG,
    width: { step: 48 },
    height: { step: 26 },
    data: { values: [...cells] },
    encoding: {
      x: {
        field: 'predicted',
        type: 'nominal',
        sort: order('predicted'),
        title: 'predicted',
        axis: { labelAngle: -40, orient: 'top' },
      },
      y: { field: 'gold', type: 'nominal', sort: order('gold'), title: 'gold' },
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: {
            field: 'count',
            type: 'quantitative',
            scale: { type: 'log', scheme: 'blues' },
            legend: null,
          },
        },
      },
      {
        mark: { type: 'text', fontSize: 11 },
        encoding: {
          text: { field: 'count', type: 'quantitative' },
          color: { condition: { test: 'datum.count > 50', value: 'white' }, value: 'black' },
        },
      },
    ],
  });
}
