/**
 * Serves the built renderer (dist/renderer) and nothing else: paths are resolved inside the
 * asset folder, so `..` can never reach the rest of the disk.
 */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export async function serveAsset(
  assetDir: string,
  urlPath: string,
  res: ServerResponse,
): Promise<void> {
  const relative = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  const file = path.resolve(assetDir, `.${relative}`);
  if (!file.startsWith(path.resolve(assetDir) + path.sep)) {
    res.writeHead(404).end();
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    const missingBuild = relative === '/index.html';
    res
      .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end(
        missingBuild
          ? `The renderer is not built in ${assetDir}: run \`npm run build:renderer\`.`
          : 'Not found',
      );
    return;
  }
  res.writeHead(200, {
    'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-store',
  });
  res.end(body);
}
