/**
 * The CLI and the app redact the same spans for the same file and settings: both resolve the
 * detector's candidates with one DetectionPolicy through resolveDetections. The app side runs
 * as the app does — a job in a forked processing host, then an export with no review decisions.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppBackend } from '../../src/bridge/appBackend.js';
import { loadPdf } from '../../src/document/loadPdf.js';
import { renderPdfPage } from '../../src/document/renderPdfPage.js';
import { calibratedModelThreshold } from '../../src/detect/nerLoader.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import sharp from 'sharp';
import { HOSTILE_PDFS, PII, textImage } from '../pdf-redact/hostilePdfs.js';
import { appBackendIn, processedWith } from './appBackendFixture.js';

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

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'finredact-parity-'));
  await mkdir(path.join(dir, 'in'));
  for (const name of SAMPLES)
    await copyFile(path.join(root, 'samples', name), path.join(dir, 'in', name));
  backend = appBackendIn(dir);
  await processedWith(backend, [path.join(dir, 'in')]);
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
      const summary = await backend.exportResults({
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
        // The export chart counts what was written: the same number the CLI wrote.
        const counted = summary.counts.find((c) => path.basename(c.file) === name);
        const total = Object.values(counted?.perType ?? {}).reduce((a, n) => a + n, 0);
        expect(total, name).toBe(cli.get(name)!.length);
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

  it('redacts a whole page: black in the copy, every character of it redacted in the text', async () => {
    const file = path.join(dir, 'in', 'tax-letter-en_US.pdf');
    const settings = await backend.getSettings();
    const policy = { types: settings.types, modelThreshold: settings.threshold };
    const out = path.join(dir, 'whole-page');
    const decisions = {
      rejected: [],
      retyped: [],
      added: [],
      areas: [{ page: 1, box: { x: 0, y: 0, width: 1, height: 1 }, wholePage: true }],
    };
    await backend.exportResults({ outputFolder: out, policy, files: [{ file, decisions }] });
    const text = await readFile(path.join(out, 'anonymized', 'tax-letter-en_US.pdf.txt'), 'utf8');
    expect(text.replace(/\[AREA REDACTED\]/g, '').replace(/[\s\p{P}]/gu, '')).toBe('');
    const pdf = await loadPdf(
      await readFile(path.join(out, 'redacted', 'tax-letter-en_US.pdf')),
      'whole.pdf',
    );
    const page = await renderPdfPage(pdf, 1, { dpi: 30 });
    const pixels = page.pixels();
    let light = 0;
    for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 60) light++;
    expect(light).toBe(0);
    page.release();
    await pdf.destroy();
    const records = (await readFile(path.join(out, 'detections.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { review?: { action: string; page?: number }[] });
    expect(records[0]!.review).toEqual([
      expect.objectContaining({ action: 'page redacted', page: 1 }),
    ]);
  }, 120_000);

  it('shows an image on the page view with the boxes its redacted copy burns', async () => {
    const image = path.join(dir, 'scan', 'statement.jpg');
    await mkdir(path.dirname(image), { recursive: true });
    await writeFile(image, await textImage(`${PII.name} SSN ${PII.ssn} ${PII.email}`));
    await processedWith(backend, [image]);
    const settings = await backend.getSettings();
    const view = await backend.getPageView(image, 1, {
      types: settings.types,
      modelThreshold: settings.threshold,
    });
    expect(view.pages).toBe(1);
    expect(view.image).toMatch(/^data:image\/png;base64,/);
    expect(view.boxes.map((b) => b.type)).toEqual(expect.arrayContaining(['SSN', 'EMAIL']));
    for (const { box } of view.boxes) {
      expect(box.x + box.width).toBeLessThanOrEqual(view.widthPt + 0.01);
      expect(box.y + box.height).toBeLessThanOrEqual(view.heightPt + 0.01);
    }

    // An area drawn on the image's page view (its left half, in view points) is burnt into the
    // redacted PNG at the same place, in the image's pixels.
    const area = { page: 1, box: { x: 0, y: 0, width: view.widthPt / 2, height: view.heightPt } };
    const out = path.join(dir, 'image-area');
    await backend.exportResults({
      outputFolder: out,
      policy: { types: settings.types, modelThreshold: settings.threshold },
      files: [{ file: image, decisions: { rejected: [], retyped: [], added: [], areas: [area] } }],
    });
    const png = sharp(await readFile(path.join(out, 'redacted', 'statement.jpg.png')));
    const { width, height } = await png.metadata();
    const raw = await png.removeAlpha().raw().toBuffer();
    const at = (fx: number, fy: number) => {
      const i = (Math.floor(height! * fy) * width! + Math.floor(width! * fx)) * 3;
      return raw[i]! + raw[i + 1]! + raw[i + 2]!;
    };
    expect(at(0.1, 0.5)).toBeLessThan(60);
    expect(at(0.45, 0.1)).toBeLessThan(60);
    expect(at(0.98, 0.05)).toBeGreaterThan(600);
  }, 120_000);

  it('reads every exported copy back, keeps what the reviewer rejected, and names files that failed', async () => {
    const scan = path.join(dir, 'readback', 'statement.pdf');
    const gone = path.join(dir, 'readback', 'deleted.pdf');
    await mkdir(path.dirname(scan), { recursive: true });
    await writeFile(scan, await HOSTILE_PDFS['image on a text page']());
    await writeFile(gone, await HOSTILE_PDFS['image on a text page']());
    await processedWith(backend, [scan, gone]);
    const candidates = backend.getResult(scan).candidates ?? [];
    const email = candidates.findIndex((c) => c.type === 'EMAIL');
    expect(email).toBeGreaterThanOrEqual(0);
    // The original of one file disappears after processing: its copy cannot be made.
    await rm(gone);
    const settings = await backend.getSettings();
    const out = path.join(dir, 'readback-export');
    const summary = await backend.exportResults({
      outputFolder: out,
      policy: { types: settings.types, modelThreshold: settings.threshold },
      files: [
        { file: scan, decisions: { rejected: [email], retyped: [], added: [] } },
        { file: gone },
      ],
    });
    expect(summary.failed).toEqual([
      {
        file: gone,
        error: expect.stringMatching(/deleted\.pdf: the redacted copy could not be written/),
      },
    ]);
    // The reviewer kept the e-mail address in clear. The second reading of the copy can read it
    // in the image, but does not overrule that: it is neither added to the text nor blacked out.
    const text = await readFile(path.join(out, 'anonymized', 'statement.pdf.txt'), 'utf8');
    expect(text).toContain(PII.email);
    expect(text).not.toContain(PII.ssn);
    const records = (await readFile(path.join(out, 'detections.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as DetectionRecord & { status: string; warnings: string[] });
    const statement = records.find((r) => r.file.endsWith('statement.pdf'))!;
    expect(statement.status).toBe('ok');
    expect(statement.spans.filter((s) => s.text === PII.email)).toEqual([]);
    expect(statement.warnings.join('\n')).not.toMatch(/EMAIL in page 1/);
  }, 180_000);

  it('exports saved decisions of a file not opened since a reload', async () => {
    const file = path.join(dir, 'in', 'invoice-en_GB.txt');
    const { text, spans } = backend.getResult(file);
    // A word of the invoice nobody detected, added by the reviewer and saved; the renderer then
    // reloads and exports without opening the file again, so it sends no decisions for it.
    const match = [...text.matchAll(/\b[A-Z][a-z]{5,}\b/g)].find(
      (m) => !spans.some((s) => s.start <= m.index && s.end >= m.index + m[0].length),
    )!;
    const added = {
      start: match.index,
      end: match.index + match[0].length,
      type: 'NAME',
      score: 1,
      source: 'manual' as const,
      text: match[0],
    };
    await backend.saveReview(file, { rejected: [], retyped: [], added: [added] });
    const settings = await backend.getSettings();
    const out = path.join(dir, 'saved-decisions');
    await backend.exportResults({
      outputFolder: out,
      policy: { types: settings.types, modelThreshold: settings.threshold },
      files: [{ file }],
    });
    const records = (await readFile(path.join(out, 'detections.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as DetectionRecord & { reviewed: boolean; anonymized: string });
    const invoice = records.find((r) => r.file === 'invoice-en_GB.txt')!;
    expect(invoice.reviewed).toBe(true);
    expect(invoice.spans).toContainEqual(
      expect.objectContaining({ start: added.start, end: added.end, source: 'manual' }),
    );
    // The word is replaced where it was added (the text before it is unchanged in length only up
    // to the first earlier replacement, so the check is on the anonymised text as a whole).
    expect(invoice.anonymized.split(match[0]).length).toBeLessThan(text.split(match[0]).length);
  }, 120_000);
});
