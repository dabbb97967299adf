/**
 * The local HTTP bridge: FinRedactApi over HTTP for the real UI in a normal browser (development
 * and end-to-end tests). Bound to 127.0.0.1 on a random port; every request needs the run's token
 * (see ./bridgeAuth). Every backend operation is `POST /api/<operation>` with its arguments as a
 * JSON array, wired from the same table as Electron's IPC (./backendOperations); job progress is
 * a long poll, dropped files are a raw upload.
 */
import { capabilitiesFor } from './capabilities.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import type { ApiCapabilities, JobEvent } from '../api/finredactApi.js';
import type { AppBackend } from './appBackend.js';
import { httpPathOf, isBackendOperation } from '../api/apiOperations.js';
import { ApiArgumentError, validateJobId } from './apiValidation.js';
import { callBackend } from './backendOperations.js';
import { NotFoundError } from './backendErrors.js';
import { UsageError } from '../domain/usageError.js';
import { checkRequest, newToken, TOKEN_COOKIE } from './bridgeAuth.js';
import { serveAsset } from './staticAssets.js';

const MAX_JSON_BYTES = 64 * 1024 * 1024;
const MAX_DROPPED_FILE_BYTES = 512 * 1024 * 1024;
const LONG_POLL_MS = 15_000;
/** Uploads stream to disk; this many at once, the rest wait their turn (memory stays flat). */
const MAX_PARALLEL_UPLOADS = 2;

/** No inline script or style, nothing from anywhere else: the same policy as the Electron window. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface RunningBridge {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, `Request body larger than ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Passes bytes through until `limit`, then fails the stream with a 413. */
function byteLimit(limit: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      size += chunk.length;
      if (size > limit) done(new HttpError(413, `The file is larger than ${limit} bytes.`));
      else done(null, chunk);
    },
  });
}

/** A counting semaphore: at most `size` holders; the others wait in order. */
function semaphore(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req, MAX_JSON_BYTES);
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(JSON.stringify(value));
}

function waitForEvents(backend: AppBackend, jobId: string, after: number): Promise<JobEvent[]> {
  const ready = backend.jobs.eventsSince(jobId, after);
  if (ready.length > 0 || backend.jobs.isFinished(jobId)) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve([]);
    }, LONG_POLL_MS);
    // subscribe replays history first; only events newer than `after` end the wait.
    const unsubscribe = backend.jobs.subscribe(jobId, (event) => {
      if (event.seq <= after) return;
      clearTimeout(timer);
      queueMicrotask(() => {
        unsubscribe();
        resolve(backend.jobs.eventsSince(jobId, after));
      });
    });
  });
}

async function routeApi(
  backend: AppBackend,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
  upload: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const method = req.method ?? 'GET';
  const route = `${method} ${url.pathname}`;
  const jobMatch = /^\/api\/jobs\/([^/]+)\/events$/.exec(url.pathname);
  const operation = url.pathname.slice('/api/'.length);
  if (
    method === 'POST' &&
    isBackendOperation(operation) &&
    url.pathname === httpPathOf(operation)
  ) {
    return sendJson(res, 200, (await callBackend(backend, operation, await readJson(req))) ?? null);
  }
  if (route === 'GET /api/capabilities') {
    const caps: ApiCapabilities = capabilitiesFor('web');
    return sendJson(res, 200, caps);
  }
  if (jobMatch && method === 'GET') {
    const jobId = validateJobId(jobMatch[1]);
    const after = Number(url.searchParams.get('after') ?? '0');
    const events = await waitForEvents(backend, jobId, Number.isFinite(after) ? after : 0);
    return sendJson(res, 200, { events, finished: backend.jobs.isFinished(jobId) });
  }
  if (route === 'POST /api/dropped-files') {
    const name = url.searchParams.get('name') ?? '';
    const stored = await upload(() =>
      backend.storeDroppedFile(name, req.pipe(byteLimit(MAX_DROPPED_FILE_BYTES))),
    );
    return sendJson(res, 200, { path: stored });
  }
  throw new HttpError(404, `No route ${route}.`);
}

export function startHttpBridge(
  backend: AppBackend,
  assetDir: string,
  opts: { port?: number; token?: string } = {},
): Promise<RunningBridge> {
  const token = opts.token ?? newToken();
  const upload = semaphore(MAX_PARALLEL_UPLOADS);
  let port = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    const verdict = checkRequest(req, url, port, token);
    if (!verdict.ok) {
      res
        .writeHead(verdict.status, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(verdict.reason);
      return;
    }
    if (verdict.viaQuery) {
      // Trade the token in the address bar for a cookie, so it does not linger in history.
      res.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      res.writeHead(303, { Location: url.pathname }).end();
      return;
    }
    const handle = url.pathname.startsWith('/api/')
      ? routeApi(backend, req, url, res, upload)
      : serveAsset(assetDir, url.pathname, res);
    handle.catch((err: unknown) => {
      // The caller's mistakes are 4xx with a message about the request, never about our files:
      // bad arguments and usage (an export folder among the inputs) 400, a malformed %-escape
      // 400, an unknown job or file 404.
      const status =
        err instanceof HttpError
          ? err.status
          : err instanceof ApiArgumentError || err instanceof UsageError
            ? 400
            : err instanceof URIError
              ? 400
              : err instanceof NotFoundError
                ? 404
                : 500;
      const message =
        err instanceof URIError
          ? 'The address holds a malformed %-escape.'
          : err instanceof Error
            ? err.message
            : String(err);
      if (res.headersSent) res.end();
      else sendJson(res, status, { error: message });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        url: `${origin}/?token=${token}`,
        origin,
        token,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
