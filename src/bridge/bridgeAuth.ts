/**
 * Who may talk to the bridge: only this machine (it binds 127.0.0.1), only under our own host
 * name (a DNS-rebinding page sends its own Host), only same-origin, and only with this run's
 * token — in the query once (the printed URL), then in an HttpOnly cookie or a Bearer header.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { acceptsHost } from '../shared/hostHeader.js';

export const TOKEN_COOKIE = 'finredact_token';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return undefined;
}

export type AuthVerdict =
  { ok: true; viaQuery: boolean } | { ok: false; status: 401 | 403; reason: string };

export function checkRequest(
  req: IncomingMessage,
  url: URL,
  port: number,
  token: string,
): AuthVerdict {
  if (!acceptsHost(req.headers.host, { port })) {
    return { ok: false, status: 403, reason: 'Unexpected Host header.' };
  }
  const origin = req.headers.origin;
  const originHost = /^http:\/\/([^/]+)$/.exec(origin ?? '')?.[1];
  if (origin !== undefined && !acceptsHost(originHost, { port })) {
    return { ok: false, status: 403, reason: 'Cross-origin requests are not allowed.' };
  }
  const auth = req.headers.authorization;
  const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
  if (sameToken(bearer, token) || sameToken(cookieToken(req), token))
    return { ok: true, viaQuery: false };
  if (sameToken(url.searchParams.get('token') ?? undefined, token))
    return { ok: true, viaQuery: true };
  return {
    ok: false,
    status: 401,
    reason: 'Missing or wrong token: open the URL the bridge printed.',
  };
}
