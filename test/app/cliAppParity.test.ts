/**
 * The CLI and the app redact the same spans for the same file and settings: both resolve the
 * detector's candidates with one DetectionPolicy through resolveDetections. The app side runs
 * as the app does — a job in a forked processing host, then an export with no review decisions.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppBackend } from '../../src/bridge/appBackend.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { forkProcessingHost } from '../../src/bridge/forkProcessingHost.js';
import { calibratedModelThreshold } from '../../src/detect/nerLoader.js';
import { entityTypes } from '../../src/domain/entityTypes.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';

const root = path.join(import.meta.dirname, '..', '..');
const SAMPLES = ['invoice-en_GB.txt', 'tax-letter-en_US.pdf', 'engagement-letter-de.docx'];

let dir: string;
let backend: AppBackend;

interface DetectionRecord {
  file: string;
  spans: { start: number; end: number; type: string; source: string; text: string }[];
}

async function spansIn(outDir: string): Promise<Map<string, DetectionRecord['spans']>> {
  const lines = (await readFile(path.join(outDir, 'detections.jsonl'), 'utf8')).trim().split('\n');
  const records = lines.map((l) => JSON.parse(l) as DetectionRecord);
  return new Map(records.map((r) => [r.file, r.spans]));
}

function processWithApp(files: readonly string[]): Promise<void> {
  return backend.startJob(files, { types: entityTypes.list(), ocr: 'auto', ner: true }).then(
    ({ jobId }) =>
      new Promise<void>((resolve) => {
        const stop = backend.jobs.subscribe(jobId, (e) => {
          if (e.kind === 'job-done') {
            queueMicrotask(() => stop());
            resolve();
          }
        });
      }),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-parity-'));
  await mkdir(path.join(dir, 'in'));
  for (const name of SAMPLES)
    await copyFile(path.join(root, 'samples', name), path.join(dir, 'in', name));
  backend = new AppBackend({
    launchHost: forkProcessingHost,
    settingsFile: path.join(dir, 'config', 'settings.json'),
    dropFolder: path.join(dir, 'dropped'),
  });
  await processWithApp([path.join(dir, 'in')]);
}, 120_000);

afterAll(async () => {
  await backend?.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('CLI and app parity', () => {
  it.each([
    ['the defaults (the model’s calibrated threshold)', undefined],
    ['a model threshold of 0.8', 0.8],
  ])(
    'redact identical spans with %s',
    async (_label, threshold) => {
      const tag = threshold === undefined ? 'default' : String(threshold);
      const cliOut = path.join(dir, `cli-${tag}`);
      await runBatch([path.join(dir, 'in')], cliOut, {
        ...DEFAULT_REDACT_OPTIONS,
        formats: ['json'],
        ...(threshold === undefined ? {} : { nerThreshold: threshold }),
      });
      const settings = await backend.getSettings();
      expect(settings.threshold).toBe(calibratedModelThreshold());
      const appOut = path.join(dir, `app-${tag}`);
      await backend.exportResults({
        outputFolder: appOut,
        policy: { types: settings.types, modelThreshold: threshold ?? settings.threshold },
        files: SAMPLES.map((name) => ({ file: path.join(dir, 'in', name) })),
      });
      const cli = await spansIn(cliOut);
      const app = await spansIn(appOut);
      expect([...app.keys()].sort()).toEqual([...SAMPLES].sort());
      for (const name of SAMPLES) {
        expect(cli.get(name)!.length, name).toBeGreaterThan(3);
        expect(app.get(name), name).toEqual(cli.get(name));
      }
    },
    120_000,
  );

  it("shows on the review's page view exactly the boxes the redacted PDF burns", async () => {
    const file = path.join(dir, 'in', 'tax-letter-en_US.pdf');
    const settings = await backend.getSettings();
    const policy = { types: settings.types, modelThreshold: settings.threshold };
    const view = await backend.getPageView(file, 1, policy);
    expect(view.boxes.length).toBeGreaterThan(5);
    expect(view.image).toMatch(/^data:image\/png;base64,/);
    const out = path.join(dir, 'page-view-export');
    await backend.exportResults({ outputFolder: out, policy, files: [{ file }] });
    const pdf = await loadPdf(
      await readFile(path.join(out, 'redacted', 'tax-letter-en_US.pdf')),
      'redacted.pdf',
    );
    const page = await renderPdfPage(pdf, 1, { dpi: 100 });
    const pixels = page.pixels();
    const dark = (xPt: number, yPt: number) => {
      const x = Math.round(xPt * page.scale);
      const y = Math.round(yPt * page.scale);
      const at = (y * page.pixelWidth + x) * 4;
      return (pixels[at] ?? 255) + (pixels[at + 1] ?? 255) + (pixels[at + 2] ?? 255) < 60;
    };
    // Every box the page view draws is black in the exported copy, at its centre and corners.
    for (const { box } of view.boxes) {
      expect(dark(box.x + box.width / 2, box.y + box.height / 2)).toBe(true);
      expect(dark(box.x + 1.5, box.y + 1.5)).toBe(true);
      expect(dark(box.x + box.width - 1.5, box.y + box.height - 1.5)).toBe(true);
    }
    page.release();
    await pdf.destroy();
  }, 120_000);
});
