/** Writes `DIR/report.json` and `DIR/report.html`, each atomically; returns their paths. */
import { join } from 'node:path';
import { writeFileAtomic } from '../../shared/writeFileAtomic.js';
import type { EvaluationReportData } from './evaluationReport.js';
import { renderReportHtml } from './reportHtml.js';

export async function writeEvaluationReport(
  dir: string,
  data: EvaluationReportData,
): Promise<{ json: string; html: string }> {
  const json = join(dir, 'report.json');
  const html = join(dir, 'report.html');
  await writeFileAtomic(json, `${JSON.stringify(data, null, 2)}\n`);
  await writeFileAtomic(html, await renderReportHtml(data));
  return { json, html };
}
