/**
 * `finredact serve`: the library as a local REST API. Bound to 127.0.0.1 unless told otherwise;
 * bound elsewhere it needs a token, and with a token every path but /health asks for
 * "Authorization: Bearer <token>". Bodies are read up to a limit (a larger one is refused with
 * 413 before it is read whole); every refusal is a 4xx with a JSON `error` saying why.
 */
import { outputDirs } from '../pipeline/outputPaths.js';
import { timingSafeEqual } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { entityTypes } from '../domain/entityTypes.js';
import { PLACEHOLDER_MODES, type PlaceholderMode } from '../domain/placeholderMode.js';
import type { Span } from '../domain/span.js';
import { isReadableName, processOne } from '../pipeline/processOne.js';
import { detectionCount, type FileResult } from '../domain/fileResult.js';
import { redactedMailPath } from '../pipeline/containers/mailInputs.js';
import type { RedactOptions } from '../pipeline/redactOptions.js';
import type { RunDetector } from '../pipeline/createRunDetector.js';
import { analyzeText, anonymizeText } from '../pipeline/textRequests.js';
import { plannedOutputNames } from '../pipeline/writeOutputs.js';
import { acceptsHost } from '../shared/hostHeader.js';
import { openApiDocument } from './openApi.js';

export interface ServiceOptions {
  readonly host: string;
  readonly port: number;
  readonly token?: string;
  /** Largest JSON body (text requests). */
  readonly maxTextBytes: number;
  /** Largest file for /redact. */
  readonly maxFileBytes: number;
  readonly version: string;
  readonly options: RedactOptions;
  readonly detector: RunDetector;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(data),
    'cache-control': 'no-store',
  });
  res.end(data);
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit)
    throw new HttpError(413, `the body is ${declared} bytes; the limit is ${limit}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `the body is over the limit of ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

interface TextRequest {
  readonly text: string;
  readonly types?: readonly string[];
  readonly placeholders?: PlaceholderMode;
  readonly seed?: number;
}

function parseTextRequest(req: IncomingMessage, body: Buffer): TextRequest {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    throw new HttpError(415, 'send JSON with "Content-Type: application/json"');
  }
  if (body.length === 0) throw new HttpError(400, 'the body is empty; send {"text": "…"}');
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new HttpError(400, `the body is not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'the body must be a JSON object such as {"text": "…"}');
  }
  const o = value as Record<string, unknown>;
  if (typeof o.text !== 'string') throw new HttpError(400, '"text" must be a string');
  const known = entityTypes.list();
  if (o.types !== undefined) {
    if (!Array.isArray(o.types) || !o.types.every((t) => typeof t === 'string'))
      throw new HttpError(400, '"types" must be an array of type names');
    const unknown = o.types.filter((t) => !known.includes(t as never));
    if (unknown.length > 0)
      throw new HttpError(400, `unknown type ${unknown.join(', ')}; known: ${known.join(', ')}`);
  }
  if (o.placeholders !== undefined && !PLACEHOLDER_MODES.includes(o.placeholders as never)) {
    throw new HttpError(400, `"placeholders" must be one of ${PLACEHOLDER_MODES.join(', ')}`);
  }
  if (o.seed !== undefined && !Number.isInteger(o.seed))
    throw new HttpError(400, '"seed" must be an integer');
  return o as unknown as TextRequest;
}

function spanJson(s: Span) {
  return {
    start: s.start,
    end: s.end,
    type: s.type,
    text: s.text,
    score: s.score,
    source: s.source,
  };
}

function authorised(req: IncomingMessage, token: string | undefined): boolean {
  if (token === undefined) return true;
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The input's redacted copy as `finredact redact` names it: an e-mail's rebuilt .eml, an
 * archive's repacked .zip, or the file's own copy.
 */
async function copyOf(
  result: FileResult,
  outDir: string,
  planned: string | undefined,
  options: RedactOptions,
): Promise<{ name: string; base64: string } | undefined> {
  if (result.status === 'error') return undefined;
  const name =
    result.kind === 'eml'
      ? redactedMailPath(result.relativePath)
      : extname(result.relativePath).toLowerCase() === '.zip'
        ? result.relativePath
        : planned;
  if (!name) return undefined;
  const bytes = await readFile(join(outputDirs(outDir, options.layout).redacted, name)).catch(
    () => undefined,
  );
  return bytes ? { name, base64: bytes.toString('base64') } : undefined;
}

async function redactFile(url: URL, body: Buffer, opts: ServiceOptions): Promise<unknown> {
  const name = basename(url.searchParams.get('name') ?? '');
  if (!name) throw new HttpError(400, 'give the file name: POST /redact?name=invoice.pdf');
  if (!isReadableName(name)) {
    throw new HttpError(415, `"${extname(name) || name}" is not a file type FinRedact reads`);
  }
  if (body.length === 0) throw new HttpError(400, 'the body is empty; send the file’s bytes');
  const scratch = await mkdtemp(join(tmpdir(), 'finredact-serve-'));
  try {
    const file = join(scratch, name);
    await writeFile(file, body);
    const outDir = join(scratch, 'out');
    const [names] = plannedOutputNames([name], opts.options.formats);
    const {
      results: [result, ...held],
      renamed,
    } = await processOne(
      { file, relativePath: name, shownAs: name },
      opts.detector,
      opts.options,
      outDir,
      names!,
    );
    const copy = await copyOf(result!, outDir, names?.copy, opts.options);
    const said = (message: string) => message.split(scratch).join('');
    // A file whose name gave a value away is listed under its redacted name, with the one read.
    const readAs = new Map([...renamed].map(([from, to]) => [to, from]));
    return {
      name,
      status: result!.status,
      ...(result!.error ? { error: said(result!.error) } : {}),
      warnings: result!.warnings.map(said),
      spans: result!.spans.map(spanJson),
      anonymized: result!.anonymized,
      ...(copy ? { copy } : {}),
      // An e-mail's attachments and an archive's files: each one's outcome; their redacted
      // copies travel inside the container's copy.
      ...(held.length > 0
        ? {
            files: held.map((r) => ({
              name: r.relativePath,
              ...(readAs.has(r.relativePath) ? { readAs: readAs.get(r.relativePath) } : {}),
              status: r.status,
              ...(r.error ? { error: said(r.error) } : {}),
              warnings: r.warnings.map(said),
              detections: detectionCount(r),
            })),
          }
        : {}),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export function createService(opts: ServiceOptions): Server {
  const openapi = openApiDocument(opts.version, entityTypes.list());
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const route = `${req.method ?? 'GET'} ${url.pathname}`;
      try {
        // Without a token, a foreign Host is a web page reaching us through DNS rebinding.
        const port = req.socket.localPort ?? opts.port;
        if (
          opts.token === undefined &&
          !acceptsHost(req.headers.host, { port, names: [opts.host], portOptional: port === 80 })
        ) {
          throw new HttpError(
            421,
            `this service answers only requests addressed to it by a loopback name (127.0.0.1, localhost, [::1]) or "${opts.host}", with port ${port}; give it a --token to be reached under other names`,
          );
        }
        if (url.pathname !== '/health' && !authorised(req, opts.token)) {
          throw new HttpError(401, 'a valid "Authorization: Bearer <token>" header is required');
        }
        switch (route) {
          case 'GET /health':
            return send(res, 200, { status: 'ok', version: opts.version, ner: opts.options.ner });
          case 'GET /openapi.json':
            return send(res, 200, openapi);
          case 'POST /analyze': {
            const r = parseTextRequest(req, await readBody(req, opts.maxTextBytes));
            const spans = await analyzeText(opts.detector, r.text, r.types);
            return send(res, 200, { spans: spans.map(spanJson) });
          }
          case 'POST /anonymize': {
            const r = parseTextRequest(req, await readBody(req, opts.maxTextBytes));
            const out = await anonymizeText(opts.detector, r.text, r);
            return send(res, 200, { ...out, spans: out.spans.map(spanJson) });
          }
          case 'POST /redact':
            return send(
              res,
              200,
              await redactFile(url, await readBody(req, opts.maxFileBytes), opts),
            );
          default:
            if (
              ['/health', '/openapi.json', '/analyze', '/anonymize', '/redact'].includes(
                url.pathname,
              )
            )
              throw new HttpError(405, `${req.method} is not allowed on ${url.pathname}`);
            throw new HttpError(404, `no such path: ${url.pathname} (see GET /openapi.json)`);
        }
      } catch (error) {
        if (error instanceof HttpError) {
          // A refused body may still be arriving: answer, then drop the connection.
          send(res, error.status, { error: error.message });
          if (error.status === 413) req.destroy();
          return;
        }
        send(res, 500, { error: `unexpected error: ${(error as Error).message}` });
      }
    })();
  });
}
