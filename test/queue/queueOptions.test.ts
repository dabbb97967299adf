/** What `submit` refuses before anything is queued, and how a queue URL is read (no Redis needed). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { queueConnection } from '../../src/queue/queueConnection.js';
import { checkQueueOptions } from '../../src/queue/submitBatch.js';

describe('submit options', () => {
  it('refuses what needs every file at once, naming each option', () => {
    expect(() => checkQueueOptions(DEFAULT_REDACT_OPTIONS)).not.toThrow();
    expect(() =>
      checkQueueOptions({
        ...DEFAULT_REDACT_OPTIONS,
        propagate: 'batch',
        consistent: 'batch',
        mappingFile: '/tmp/m.csv',
      }),
    ).toThrow(
      /--propagate batch, --consistent batch, --mapping needs every file .*"finredact redact"/,
    );
  });
});

describe('queue URLs', () => {
  it('reads host, port, database and credentials', () => {
    expect(queueConnection('redis://127.0.0.1:6390/2')).toMatchObject({
      host: '127.0.0.1',
      port: 6390,
      db: 2,
    });
    expect(queueConnection('redis://user:p%40ss@redis.internal')).toMatchObject({
      host: 'redis.internal',
      port: 6379,
      db: 0,
      username: 'user',
      password: 'p@ss',
    });
  });

  it('refuses what is not a redis:// URL with a usage error', () => {
    expect(() => queueConnection('127.0.0.1:6379')).toThrow(/--queue must be a redis:\/\/ URL/);
    expect(() => queueConnection('http://host:6379')).toThrow(/redis:\/\//);
    expect(() => queueConnection('redis://host:6379/x')).toThrow(/not a database number/);
  });
});
