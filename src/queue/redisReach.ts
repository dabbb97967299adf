/**
 * Whether the queue's Redis answers, asked once with a short timeout before a command starts
 * work. BullMQ's own connections wait for Redis for ever (they must, to ride out a restart), so a
 * typo in --queue would otherwise hang a command and print the same error again and again.
 */
import { Redis } from 'ioredis';
import { UsageError } from '../domain/usageError.js';
import { queueConnection } from './queueConnection.js';

/** Redis could not be reached: one line for the operator, exit 2 like any usage mistake. */
export class RedisUnreachable extends UsageError {
  constructor(
    readonly where: string,
    readonly why: string,
  ) {
    super(`cannot reach Redis at ${where}: ${why}`);
  }
}

/** The URL as the operator can show it: host, port and database, never the password. */
export function displayQueueUrl(url: string): string {
  const c = queueConnection(url);
  const host = c.host.includes(':') ? `[${c.host}]` : c.host;
  return `redis://${host}:${c.port}${c.db ? `/${c.db}` : ''}`;
}

/** A connection failure in words: what happened and what to check, without a stack trace. */
export function describeRedisError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const message = e?.message ?? String(error);
  switch (e?.code) {
    case 'ECONNREFUSED':
      return 'connection refused; is redis-server running?';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'no such host; check the host name in --queue';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'no answer; check the address and any firewall between';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the connection was closed; is that port a Redis server?';
    default:
      if (/NOAUTH|WRONGPASS|invalid password|invalid username/i.test(message))
        return 'authentication failed; check the user and password in --queue';
      if (/Unknown RESP type|Protocol error/i.test(message))
        return 'something answered there, but not Redis; check the port';
      if (/DB index is out of range/i.test(message))
        return 'no such database number on that server';
      return message.split('\n')[0] ?? 'unknown error';
  }
}

/**
 * Connects, authenticates, selects the database and pings, within `timeoutMs`; throws
 * RedisUnreachable with the reason otherwise. Never retries: the caller decides that.
 */
export async function checkRedis(url: string, timeoutMs = 3000): Promise<void> {
  const where = displayQueueUrl(url);
  const { maxRetriesPerRequest: _wait, ...connection } = queueConnection(url);
  const client = new Redis({
    ...connection,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    reconnectOnError: () => false,
  });
  // connect() only rejects with "Connection is closed": the socket's own error says why.
  let cause: unknown;
  client.on('error', (error) => (cause ??= error));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        const pong = await client.ping();
        if (pong !== 'PONG') throw new Error(`it answered PING with "${pong}"`);
      })(),
      deadline,
    ]);
  } catch (error) {
    throw new RedisUnreachable(where, describeRedisError(cause ?? error));
  } finally {
    clearTimeout(timer);
    // Disconnecting a client that already ended arms a 2 s timer in ioredis for nothing.
    if (client.status !== 'end') client.disconnect();
  }
}

/**
 * One line per distinct queue error, and again only after `quietMs`: a Redis that is down makes
 * ioredis report the same refusal several times a second for as long as it lasts.
 */
export function quietErrorReporter(
  where: string,
  report: (line: string) => void,
  quietMs = 30_000,
): (error: unknown) => void {
  let last = '';
  let lastAt = 0;
  return (error) => {
    const line = `queue: lost Redis at ${where} (${describeRedisError(error)}); waiting for it to come back`;
    const now = Date.now();
    if (line === last && now - lastAt < quietMs) return;
    last = line;
    lastAt = now;
    report(line);
  };
}
