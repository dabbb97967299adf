/**
 * The REST service in-process on a free loopback port: each endpoint, bad input (no body, wrong
 * type, too large, bad JSON, unknown path or method) and the token rule.
 */
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { runCli } from '../../src/cli/program.js';
import { detectionCount } from '../../src/domain/fileResult.js';
import { runBatch } from '../../src/pipeline/runBatch.js';
import { makeTempDir } from '../io/fixtures.js';
import { createRunDetector, type RunDetector } from '../../src/pipeline/createRunDetector.js';
import { DEFAULT_REDACT_OPTIONS, type RedactOptions } from '../../src/pipeline/redactOptions.js';
import { createService } from '../../src/service/restServer.js';

const ROOT = join(import.meta.dirname, '..', '..');
const OPTIONS: RedactOptions = { ...DEFAULT_REDACT_OPTIONS, ner: false };
const TEXT = 'Call Jo on 415-555-0134 or write to jo.bloggs@example.org.';

let detector: RunDetector;
const servers: Server[] = [];

async function serve(token?: string): Promise<string> {
  const server = createService({
    host: '127.0.0.1',
    port: 0,
    ...(token ? { token } : {}),
    maxTextBytes: 64 * 1024,
    maxFileBytes: 8 * 1024 * 1024,
    version: 'test',
    options: OPTIONS,
    detector,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

let base: string;
beforeAll(async () => {
  detector = await createRunDetector(OPTIONS, () => undefined);
  base = await serve();
});
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  await detector.close?.();
});

describe('the REST service', () => {
  it('answers /health and describes itself at /openapi.json', async () => {
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', ner: false });
    const spec = (await (await fetch(`${base}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths).sort()).toEqual(
      ['/analyze', '/anonymize', '/health', '/openapi.json', '/redact'].sort(),
    );
  });

  it('finds spans with /analyze, and only the types asked for', async () => {
    const all = (await (await fetch(`${base}/analyze`, json({ text: TEXT }))).json()) as {
      spans: { type: string; text: string; start: number }[];
    };
    expect(all.spans.map((s) => [s.type, s.text])).toEqual([
      ['PHONE', '415-555-0134'],
      ['EMAIL', 'jo.bloggs@example.org'],
    ]);
    expect(TEXT.slice(all.spans[0]!.start)).toMatch(/^415-555-0134/);
    const some = (await (
      await fetch(`${base}/analyze`, json({ text: TEXT, types: ['EMAIL'] }))
    ).json()) as { spans: { type: string }[] };
    expect(some.spans.map((s) => s.type)).toEqual(['EMAIL']);
  });

  it('anonymises with /anonymize, in the placeholder mode asked for', async () => {
    const res = (await (await fetch(`${base}/anonymize`, json({ text: TEXT }))).json()) as {
      text: string;
    };
    expect(res.text).toBe('Call Jo on [PHONE NUMBER REDACTED] or write to [EMAIL REDACTED].');
    const numbered = (await (
      await fetch(`${base}/anonymize`, json({ text: TEXT, placeholders: 'numbered' }))
    ).json()) as { text: string; replacements: string[] };
    expect(numbered.text).toBe(
      'Call Jo on [PHONE NUMBER 1 REDACTED] or write to [EMAIL 1 REDACTED].',
    );
  });

  it('redacts a file with /redact: its spans, anonymised text and redacted copy', async () => {
    const pdf = await readFile(join(ROOT, 'samples', 'tax-letter-en_US.pdf'));
    const res = await fetch(`${base}/redact?name=tax-letter.pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: pdf,
    });
    expect(res.status).toBe(200);
    const out = (await res.json()) as {
      status: string;
      spans: { text: string }[];
      anonymized: string;
      copy?: { name: string; base64: string };
    };
    expect(out.status).toBe('ok');
    expect(out.spans.length).toBeGreaterThan(0);
    for (const s of out.spans) expect(out.anonymized).not.toContain(s.text);
    expect(out.copy?.name).toBe('tax-letter.pdf');
    const copy = Buffer.from(out.copy!.base64, 'base64');
    expect(copy.subarray(0, 5).toString()).toBe('%PDF-');
    for (const s of out.spans) expect(copy.includes(Buffer.from(s.text))).toBe(false);

    // A bad file is a result with its error, as in a batch.
    const bad = (await (
      await fetch(`${base}/redact?name=broken.pdf`, { method: 'POST', body: 'not a pdf' })
    ).json()) as { status: string; error: string };
    expect(bad.status).toBe('error');
    expect(bad.error).toMatch(/broken\.pdf/);
  });

  it('redacts an e-mail with its attachments and an archive with its files, as redact does', async () => {
    const dir = await makeTempDir();
    try {
      const mail = await readFile(join(ROOT, 'samples', 'client-email-en_GB.eml'));
      const zip = new JSZip();
      for (const name of ['invoice-en_GB.txt', 'client-email-en_GB.eml'])
        zip.file(`papers/${name}`, await readFile(join(ROOT, 'samples', name)), {
          date: new Date('2026-01-02T03:04:05Z'),
        });
      // A name that gives a value away is answered under its redacted name, with the one read.
      zip.file('papers/GB33BUKB20201555555555.txt', 'Statement attached.', {
        date: new Date('2026-01-02T03:04:05Z'),
      });
      await dir.file('in/mail.eml', mail);
      await dir.file('in/papers.zip', await zip.generateAsync({ type: 'nodebuffer' }));
      const reference = join(dir.path, 'out');
      const direct = await runBatch([join(dir.path, 'in')], reference, OPTIONS);
      for (const [name, copyName] of [
        ['mail.eml', 'mail.eml'],
        ['papers.zip', 'papers.zip'],
      ] as const) {
        const res = await fetch(`${base}/redact?name=${name}`, {
          method: 'POST',
          body: await readFile(join(dir.path, 'in', name)),
        });
        expect(res.status).toBe(200);
        const out = (await res.json()) as {
          status: string;
          anonymized: string;
          copy?: { name: string; base64: string };
          files?: { name: string; status: string; detections: number }[];
        };
        const own = direct.find((r) => r.relativePath === name)!;
        expect(out.status).toBe(own.status);
        expect(out.anonymized).toBe(own.anonymized);
        // The files it holds, each with the outcome and count redact gave it.
        const held = direct.filter((r) => r.relativePath.startsWith(`${name.slice(0, -4)}/`));
        expect(held.length).toBeGreaterThan(1);
        expect(out.files).toEqual(
          held.map((r) => ({
            name: r.relativePath,
            ...(r.relativePath.includes('REDACTED')
              ? { readAs: 'papers/papers/GB33BUKB20201555555555.txt' }
              : {}),
            status: r.status,
            detections: detectionCount(r),
            warnings: r.warnings,
            ...(r.error ? { error: r.error } : {}),
          })),
        );
        if (name === 'papers.zip') {
          const renamed = out.files!.filter((f) => 'readAs' in f);
          expect(renamed).toHaveLength(1);
          expect(renamed[0]!.name).not.toContain('GB33');
        }
        // The container's copy: the rebuilt e-mail or the repacked archive, byte for byte.
        expect(out.copy?.name).toBe(copyName);
        expect(
          Buffer.compare(
            Buffer.from(out.copy!.base64, 'base64'),
            await readFile(join(reference, 'redacted', copyName)),
          ),
        ).toBe(0);
      }
    } finally {
      await dir.remove();
    }
  }, 120_000);

  it('refuses bad requests with a 4xx that says why', async () => {
    const cases: [string, RequestInit, number, RegExp][] = [
      [
        '/analyze',
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        400,
        /empty/,
      ],
      [
        '/analyze',
        { method: 'POST', body: TEXT, headers: { 'content-type': 'text/plain' } },
        415,
        /JSON/,
      ],
      [
        '/analyze',
        { method: 'POST', body: '{"text":', headers: { 'content-type': 'application/json' } },
        400,
        /not valid JSON/,
      ],
      ['/analyze', json({ text: 42 }), 400, /"text" must be a string/],
      ['/analyze', json({ text: 'x', types: ['PASSPORT'] }), 400, /unknown type PASSPORT/],
      ['/anonymize', json({ text: 'x', placeholders: 'stars' }), 400, /placeholders/],
      ['/analyze', json({ text: 'x'.repeat(70 * 1024) }), 413, /limit/],
      ['/redact', { method: 'POST', body: 'x' }, 400, /name=/],
      ['/redact?name=a.exe', { method: 'POST', body: 'x' }, 415, /not a file type/],
      ['/redact?name=a.txt', { method: 'POST' }, 400, /empty/],
      ['/analyze', { method: 'GET' }, 405, /GET is not allowed/],
      ['/nowhere', { method: 'GET' }, 404, /no such path/],
    ];
    for (const [path, init, status, message] of cases) {
      const res = await fetch(`${base}${path}`, init);
      expect([path, res.status]).toEqual([path, status]);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
  });

  it('with a token, answers only requests that carry it (but /health)', async () => {
    const guarded = await serve('s3cret-token');
    expect((await fetch(`${guarded}/analyze`, json({ text: TEXT }))).status).toBe(401);
    expect(
      (await fetch(`${guarded}/analyze`, json({ text: TEXT }, { authorization: 'Bearer wrong' })))
        .status,
    ).toBe(401);
    expect(
      (
        await fetch(
          `${guarded}/analyze`,
          json({ text: TEXT }, { authorization: 'Bearer s3cret-token' }),
        )
      ).status,
    ).toBe(200);
    expect((await fetch(`${guarded}/openapi.json`)).status).toBe(401);
    expect((await fetch(`${guarded}/health`)).status).toBe(200);
  });

  it('without a token, refuses a foreign Host (DNS rebinding) and answers loopback names', async () => {
    const port = Number(new URL(base).port);
    // fetch() will not send a Host of our choosing; node:http does, as a rebinding page's would.
    const post = (host: string, token?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/analyze',
            method: 'POST',
            headers: {
              host,
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ text: TEXT }));
      });
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`]) {
      const refused = await post(host);
      expect(refused.status, host).toBe(421);
      expect(refused.body).not.toContain('jo.bloggs');
      expect(JSON.parse(refused.body).error).toMatch(/loopback name/);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await post(host)).status, host).toBe(200);
    }
    // With a token the token is the guard: a proxy's or container's own name is answered.
    const guarded = Number(new URL(await serve('s3cret-token')).port);
    const viaProxy = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: guarded,
          path: '/health',
          headers: { host: 'finredact.internal' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(viaProxy).toBe(200);
  });

  it('will not bind beyond loopback without a token', async () => {
    const stderr: string[] = [];
    const stream = (into: string[]) =>
      ({ write: (s: string) => (into.push(s), true) }) as unknown as NodeJS.WritableStream;
    const saved = process.env.FINREDACT_TOKEN;
    delete process.env.FINREDACT_TOKEN;
    try {
      const code = await runCli(['serve', '--host', '0.0.0.0', '--port', '0', '--no-ner'], {
        stdout: stream([]),
        stderr: stream(stderr),
      });
      expect(code).toBe(2);
      expect(stderr.join('')).toMatch(/--host 0\.0\.0\.0 .* give --token/);
    } finally {
      if (saved !== undefined) process.env.FINREDACT_TOKEN = saved;
    }
  });
});
