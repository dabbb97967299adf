/**
 * Where the queue lives: a `redis://[user:password@]host:port[/db]` URL as BullMQ's connection
 * options. One queue name for every batch; a batch is the set of jobs whose ids start with its id.
 */
import { UsageError } from '../domain/usageError.js';

export const QUEUE_NAME = 'finredact';

export interface QueueConnection {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  /** Workers wait for Redis to come back rather than fail a command. */
  readonly maxRetriesPerRequest: null;
}

export function queueConnection(url: string): QueueConnection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(
      `--queue must be a redis:// URL such as redis://127.0.0.1:6379 (got "${url}")`,
    );
  }
  if (parsed.protocol !== 'redis:') {
    throw new UsageError(
      `--queue must be a redis:// URL such as redis://127.0.0.1:6379 (got "${url}")`,
    );
  }
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0)
    throw new UsageError(`--queue: "${parsed.pathname}" is not a database number`);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    db,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    maxRetriesPerRequest: null,
  };
}
