/**
 * report.html: one self-contained page (inline CSS and SVG, no script, no external resource),
 * so it opens offline anywhere and can be mailed with the figures it shows.
 */
import { MISSED, SPURIOUS } from './reportData.js';
import type { EvaluationReportData, ModelEvaluation } from './evaluationReport.js';
import { MODEL_TYPES } from './evaluationReport.js';
import { confusionChart, leakChart, precisionRecallChart } from './reportCharts.js';

function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function scoresTable(model: ModelEvaluation): string {
  const s = model.summary;
  const rows = Object.keys(s.exact.perType)
    .filter((t) => (s.exact.perType[t]?.gold ?? 0) + (s.exact.perType[t]?.predicted ?? 0) > 0)
    .map((t) => {
      const e = s.exact.perType[t]!;
      const o = s.overlap.perType[t]!;
      const l = s.leak.perType[t];
      return `<tr><th>${esc(t)}</th><td>${e.gold}</td><td>${e.predicted}</td><td>${pct(e.precision)}</td><td>${pct(e.recall)}</td><td>${pct(e.f1)}</td><td>${pct(o.precision)}</td><td>${pct(o.recall)}</td><td>${pct(o.f1)}</td><td>${l ? pct(l.rate) : '–'}</td></tr>`;
    });
  const m = s.exact.micro;
  const o = s.overlap.micro;
  rows.push(
    `<tr class="total"><th>micro</th><td>${m.gold}</td><td>${m.predicted}</td><td>${pct(m.precision)}</td><td>${pct(m.recall)}</td><td>${pct(m.f1)}</td><td>${pct(o.precision)}</td><td>${pct(o.recall)}</td><td>${pct(o.f1)}</td><td>${pct(s.leak.rate)}</td></tr>`,
  );
  return `<table><thead><tr><th rowspan="2">type</th><th rowspan="2">gold</th><th rowspan="2">predicted</th><th colspan="3">exact match</th><th colspan="3">overlap match</th><th rowspan="2">leak</th></tr><tr><th>P</th><th>R</th><th>F1</th><th>P</th><th>R</th><th>F1</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function thresholdsTable(model: ModelEvaluation): string {
  const rows = Object.entries(model.recallFirstThresholds).map(
    ([t, v]) =>
      `<tr><th>${esc(t)}</th><td>${(model.policy.typeThresholds?.[t] ?? model.policy.modelThreshold).toFixed(2)}</td><td>${v.toFixed(2)}</td></tr>`,
  );
  return `<table><thead><tr><th>type</th><th>in use</th><th>recall-first</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function comparisonTable(a: ModelEvaluation, b: ModelEvaluation): string {
  const diff = (x: number, y: number) => {
    const d = 100 * (y - x);
    return `${d >= 0 ? '+' : ''}${d.toFixed(1)}`;
  };
  const types = Object.keys(a.summary.exact.perType).filter(
    (t) => (a.summary.exact.perType[t]?.gold ?? 0) > 0,
  );
  const rows = types.map((t) => {
    const x = a.summary.exact.perType[t]!;
    const y = b.summary.exact.perType[t] ?? x;
    return `<tr><th>${esc(t)}</th><td>${pct(x.f1)}</td><td>${pct(y.f1)}</td><td>${diff(x.f1, y.f1)}</td><td>${pct(a.summary.leak.perType[t]?.rate ?? 0)}</td><td>${pct(b.summary.leak.perType[t]?.rate ?? 0)}</td></tr>`;
  });
  rows.push(
    `<tr class="total"><th>micro</th><td>${pct(a.summary.exact.micro.f1)}</td><td>${pct(b.summary.exact.micro.f1)}</td><td>${diff(a.summary.exact.micro.f1, b.summary.exact.micro.f1)}</td><td>${pct(a.summary.leak.rate)}</td><td>${pct(b.summary.leak.rate)}</td></tr>`,
  );
  return `<table><thead><tr><th>type</th><th>F1 ${esc(a.name)}</th><th>F1 ${esc(b.name)}</th><th>Δ points</th><th>leak ${esc(a.name)}</th><th>leak ${esc(b.name)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function worstList(data: EvaluationReportData): string {
  if (data.worst.length === 0) return '<p>No document leaks a gold character.</p>';
  return `<ol class="worst">${data.worst
    .map(
      (d) =>
        `<li><strong>${esc(d.id)}</strong> — ${d.leakedChars} characters readable<ul>${d.missed
          .map(
            (m) =>
              `<li><span class="type">${esc(m.type)}</span> …${esc(m.before)}<mark>${esc(m.value)}</mark>${esc(m.after)}…</li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('')}</ol>`;
}

export async function renderReportHtml(data: EvaluationReportData): Promise<string> {
  const first = data.models[0]!;
  const modelTypes = MODEL_TYPES.filter((t) => first.policy.types.includes(t));
  const curvePoints = data.models.flatMap((m) =>
    m.curve.flatMap((p) =>
      modelTypes
        // A threshold no detection passes has no precision to draw.
        .filter((t) => (p.perType[t]?.gold ?? 0) > 0 && (p.perType[t]?.predicted ?? 0) > 0)
        .map((t) => ({
          type: t,
          model: m.name,
          threshold: p.threshold,
          precision: p.perType[t]!.precision,
          recall: p.perType[t]!.recall,
        })),
    ),
  );
  // The policy's operating point per type; pattern types have one fixed point each.
  const marked = data.models.flatMap((m) =>
    Object.entries(m.summary.exact.perType)
      .filter(([, s]) => s.gold > 0)
      .map(([type, s]) => ({ type, model: m.name, precision: s.precision, recall: s.recall })),
  );
  const leakPoints = data.models.flatMap((m) =>
    m.curve.map((p) => ({
      model: m.name,
      threshold: p.threshold,
      leak: p.leak.rate,
      f1: p.micro.f1,
    })),
  );
  const cells = Object.entries(data.confusion).flatMap(([gold, row]) =>
    Object.entries(row).map(([predicted, count]) => ({ gold, predicted, count })),
  );
  const [pr, leak, confusion] = await Promise.all([
    precisionRecallChart(curvePoints, marked),
    leakChart(leakPoints, first.policy.modelThreshold),
    confusionChart(cells, first.policy.types),
  ]);
  const second = data.models[1];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>FinRedact evaluation — ${esc(data.data)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;color:#1d2330;margin:24px auto;max-width:1100px;padding:0 16px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #d5d9e0;padding-bottom:4px}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d5d9e0;padding:3px 8px;text-align:right}
th{background:#f6f7f9}tbody th{text-align:left}tr.total{font-weight:600}
.charts{display:flex;flex-wrap:wrap;gap:24px}.chart{flex:0 0 auto}.note{color:#5b6475}
mark{background:#ffadad}.worst li{margin:4px 0}.type{font-size:11px;background:#eef;padding:0 4px;border-radius:3px}
</style></head><body>
<h1>FinRedact evaluation</h1>
<p>${esc(data.data)} — ${data.documents} documents; ${data.models.map((m) => `<strong>${esc(m.name)}</strong> (model threshold ${m.policy.modelThreshold.toFixed(2)}${m.policy.typeThresholds ? ', per-type thresholds' : ''})`).join(' vs ')}.
Leak rate (share of gold PII characters still readable) comes first, as in LABELS.md.</p>
<h2>Scores per type</h2>${scoresTable(first)}
${second ? `<h2>${esc(first.name)} vs ${esc(second.name)}</h2>${comparisonTable(first, second)}` : ''}
<h2>Precision and recall as the model threshold moves</h2>
<div class="charts"><div class="chart">${pr}<p class="note">Lines: model types at thresholds 0 to 1 (exact match). Diamonds: each type at the thresholds in use; pattern types have fixed scores and one point.</p></div>
<div class="chart">${leak}<p class="note">Leak rate and micro F1 against the model threshold; the dashed line is the threshold in use.</p></div></div>
<h2>Thresholds</h2>${thresholdsTable(first)}<p class="note">Recall-first: the highest threshold at which a type's leak rate (its gold characters left readable) stays within half a point of the lowest any threshold reaches.</p>
<h2>Confusion matrix</h2><div class="chart">${confusion}</div>
<p class="note">Rows: gold type; columns: the type of the prediction overlapping it most. ${esc(MISSED)}: no prediction overlaps the gold span; ${esc(SPURIOUS)}: a prediction overlaps no gold span.</p>
<h2>Documents that leak most</h2>${worstList(data)}
</body></html>
`;
}
