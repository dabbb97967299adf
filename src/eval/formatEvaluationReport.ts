/** Renders an EvaluationReport as the plain-text tables `finredact eval` prints. */
import type { EntityType } from '../domain/entityTypes.js';
import type {
  EvaluationReport,
  SpanEvaluationReport,
  ValueEvaluationReport,
} from './runEvaluation.js';
import type { MatchReport, Scores } from './spanMetrics.js';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, col) =>
          col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

function scoreRow(label: string, s: Scores): string[] {
  return [label, String(s.gold), String(s.predicted), pct(s.precision), pct(s.recall), pct(s.f1)];
}

function matchTable(title: string, report: MatchReport, types: readonly EntityType[]): string {
  const rows = [['type', 'gold', 'pred', 'P', 'R', 'F1']];
  for (const t of types) {
    const s = report.perType[t];
    if (s && (s.gold > 0 || s.predicted > 0)) rows.push(scoreRow(t, s));
  }
  rows.push(scoreRow('micro', report.micro));
  return `${title}\n${table(rows)}`;
}

function formatSpans(r: SpanEvaluationReport): string {
  const leakRows = [['type', 'gold chars', 'leaked', 'leak rate']];
  for (const t of r.types) {
    const l = r.leak.perType[t];
    if (l && l.goldChars > 0)
      leakRows.push([t, String(l.goldChars), String(l.leakedChars), pct(l.rate)]);
  }
  leakRows.push(['all', String(r.leak.goldChars), String(r.leak.leakedChars), pct(r.leak.rate)]);
  return [
    header(r),
    `Leak rate: ${pct(r.leak.rate)} of gold PII characters readable after anonymisation`,
    table(leakRows),
    '',
    matchTable('Exact match (start, end, type):', r.exact, r.types),
    '',
    matchTable('Overlap match (same type, overlapping):', r.overlap, r.types),
    ...(r.policy ? ['', policySection(r.policy, r.types)] : []),
  ].join('\n');
}

function policySection(
  policy: NonNullable<SpanEvaluationReport['policy']>,
  types: readonly EntityType[],
): string {
  const c = policy.ceiling.micro;
  return [
    matchTable(
      'Exact match against the gold as LABELS.md draws it (adjacent address pieces joined into one span):',
      policy.exact,
      types,
    ),
    `Ceiling of the exact table for a detector that follows LABELS.md (that gold as predictions): P ${pct(c.precision)}  R ${pct(c.recall)}  F1 ${pct(c.f1)}`,
  ].join('\n');
}

function formatValues(r: ValueEvaluationReport): string {
  const rows = [['type', 'occurrences', 'hits', 'recall']];
  for (const [t, c] of Object.entries(r.perType))
    if (c) rows.push([t, String(c.occurrences), String(c.hits), pct(c.recall)]);
  const lines = [
    header(r),
    `Value recall ${pct(r.recall)}   precision ${pct(r.precision)}   value leak rate ${pct(r.leakRate)}`,
    table(rows),
    '',
  ];
  if (r.half === 'blind') {
    // What was missed or added where is what one would tune on: the blind half shows totals only.
    const errors = r.files.filter((f) => 'error' in f).length;
    lines.push(
      `Blind half: ${r.files.length} documents${errors > 0 ? `, ${errors} failed to read` : ''}; per-document lines withheld (--json holds them, for audits only).`,
    );
    return lines.join('\n');
  }
  for (const f of r.files) {
    if ('error' in f) {
      lines.push(`${f.file}: ERROR ${f.error}`);
      continue;
    }
    lines.push(
      `${f.file}: ${f.hits}/${f.occurrences} found, ${f.falsePositives} spurious, ${f.leakedValues.length}/${f.values} values leak`,
    );
    for (const m of f.missed) lines.push(`  missed   ${m.type} ${JSON.stringify(m.value)}`);
    for (const s of f.spurious) lines.push(`  spurious ${s.type} ${JSON.stringify(s.text)}`);
    for (const v of f.notInText) lines.push(`  not in extracted text: ${JSON.stringify(v)}`);
  }
  return lines.join('\n');
}

function header(r: EvaluationReport): string {
  const speed =
    r.seconds > 0
      ? `, ${Math.round(r.characters / r.seconds).toLocaleString('en-US')} chars/s`
      : '';
  return (
    `Data: ${r.data} (${r.format}, ${r.documents} documents)   detection: ${r.ner ? 'patterns + NER' : 'patterns only'}\n` +
    `Time: ${r.seconds.toFixed(1)} s${speed}\n`
  );
}

export function formatEvaluationReport(report: EvaluationReport): string {
  return report.kind === 'spans' ? formatSpans(report) : formatValues(report);
}
