#!/usr/bin/env node
// Runs the whole vitest suite and ends with the plain `N passed, N failed` line CI reads.
// Vitest's own summary is not in that form, so we read its JSON report.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const reportDir = join(process.cwd(), '.tmp');
const reportFile = join(reportDir, 'vitest-report.json');
mkdirSync(reportDir, { recursive: true });

const result = spawnSync(
  process.execPath,
  [
    join('node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

if (!existsSync(reportFile)) {
  console.error('vitest wrote no report; see its output above');
  console.log('0 passed, 1 failed');
  process.exit(result.status || 1);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
// A suite that fails to load counts as a failure even when it holds no test results.
const failedSuites = (report.testResults ?? []).filter(
  (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
).length;
const failed = report.numFailedTests + failedSuites;
console.log(
  `${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(result.status ?? (failed > 0 ? 1 : 0));
